// `jungle rules`: a variant's resolved rules, every key, or only where they differ from another's.
#include <iostream>
#include <map>

#include "cli/command.h"
#include "engine/variant_loader.h"
#include "engine/variant_toml.h"

namespace jungle::cli {

namespace {

struct RulesArgs {
  std::string variant = "standard", diff;
  bool diff_given = false;
};

int run_rules(const RulesArgs& args) {
  const Variant variant = load_variant_argument("VARIANT", args.variant);
  if (!args.diff_given) {
    std::cout << variant_to_toml(variant);
    return 0;
  }
  const Variant base = load_variant_argument("--diff", args.diff.empty() ? "standard" : args.diff);
  std::map<std::pair<std::string, std::string>, std::string> inherited;
  for (const RuleSetting& s : rule_settings(base)) inherited[{s.table, s.key}] = s.value;
  std::string table = "-";  // none printed yet
  int differences = 0;
  std::ostringstream body;
  for (const RuleSetting& s : rule_settings(variant)) {
    const std::string& theirs = inherited[{s.table, s.key}];
    if (theirs == s.value) continue;
    ++differences;
    if (s.table != table) body << (table == "-" ? "" : "\n") << "[" << s.table << "]\n";
    table = s.table;
    body << s.key << " = " << s.value << "  # " << base.name << ": " << theirs << "\n";
  }
  std::cout << "# " << variant.name << " against " << base.name << ": " << differences
            << (differences == 1 ? " rule differs" : " rules differ") << "\n";
  if (differences) std::cout << "\n" << body.str();
  return 0;
}

}  // namespace

Command add_rules_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("rules", "Print a variant's resolved rules as a variant file with every key, or with "
                                          "--diff only the keys that differ from another variant's, its value beside each");
  auto args = std::make_shared<RulesArgs>();
  cmd->add_option("VARIANT", args->variant, "Bundled variant name or TOML file")->capture_default_str();
  CLI::Option* diff = cmd->add_option("--diff", args->diff, "Compare with this variant (default: standard)")
                          ->expected(0, 1)
                          ->type_name("[BASE]");
  return {cmd, [args, diff] {
            args->diff_given = diff->count() > 0;
            return run_rules(*args);
          }};
}

}  // namespace jungle::cli
