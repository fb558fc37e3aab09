# measure_page(PAGE WIDTH [SCRIPT JS]): what a reader of the page PAGE (a path) cannot read at a
# window WIDTH px wide, measured in headless Chromium, in page_problems ("" when nothing). The page
# stands in a frame WIDTH px wide, since Chromium will not make a window narrower than 500 px; the
# frame's page is read from the frame's (--allow-file-access-from-files lets a file:// page read
# the frame's file). A problem, each with where it is:
#   - the page scrolls sideways (its scrollWidth past its clientWidth);
#   - an element reaches past the window's right edge;
#   - a table is wider than the box it scrolls in;
#   - a chart's text (an SVG <text>) is less than 10 px tall, or runs past its chart's edges;
#   - two texts of one chart overlap by more than a pixel each way (x labels that run into each
#     other, a title over a key...).
# SCRIPT, if given, is a function body run with the frame's document as `doc` after the page has
# loaded, its statements apart on lines of their own (a ';' would split a CMake argument); what it
# returns is left in page_extra. Scratch files go beside PAGE.
include_guard()
include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

function(measure_page page width)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "SCRIPT" "")
  get_filename_component(dir "${page}" DIRECTORY)
  get_filename_component(name "${page}" NAME)
  set(frame "${dir}/measured-${width}-${name}")
  if(NOT arg_SCRIPT)
    set(arg_SCRIPT "return ''")
  endif()
  file(WRITE "${frame}" "<!DOCTYPE html>
<html><body style=\"margin: 0\">
<iframe id=\"page\" src=\"${name}\" style=\"width: ${width}px; height: 900px; border: 0\"></iframe>
<pre id=\"problems\"></pre><pre id=\"extra\"></pre>
<script>
const frame = document.getElementById('page');
frame.addEventListener('load', () => {
  const doc = frame.contentDocument, problems = [];
  const where = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                       (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/ +/).join('.') : '') +
                       ' in ' + ((e.closest('section') || {}).id || 'the page');
  const page = doc.scrollingElement, width = doc.documentElement.clientWidth;
  if (page.scrollWidth > page.clientWidth)
    problems.push('the page scrolls sideways: ' + page.scrollWidth + ' px in a window of ' + page.clientWidth);
  for (const box of doc.querySelectorAll('.scroll'))
    if (box.scrollWidth > box.clientWidth)
      problems.push('a table in ' + where(box) + ' is ' + box.scrollWidth + ' px in a box of ' + box.clientWidth);
  const past = [];
  for (const e of doc.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if ((r.width > 0 || r.height > 0) && r.right > width + 0.5) past.push(where(e) + ' reaches ' + Math.round(r.right) + ' px');
  }
  if (past.length)
    problems.push(past.length + ' elements reach past the window of ' + width + ' px: ' + past.slice(0, 6).join(', '));
  for (const svg of doc.querySelectorAll('svg')) {
    const title = svg.querySelector('title') ? svg.querySelector('title').textContent : where(svg);
    const edges = svg.getBoundingClientRect();
    if (edges.width === 0) continue;  // not shown
    const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim())
                    .map((t) => [t.textContent, t.getBoundingClientRect()]);
    for (const [text, r] of texts) {
      if (r.height < 10)
        problems.push('in the chart ' + title + ', \"' + text + '\" is ' + r.height.toFixed(1) + ' px tall');
      if (r.left < edges.left - 1 || r.right > edges.right + 1 || r.top < edges.top - 1 || r.bottom > edges.bottom + 1)
        problems.push('in the chart ' + title + ', \"' + text + '\" runs past the chart');
    }
    for (let i = 0; i < texts.length; ++i)
      for (let j = i + 1; j < texts.length; ++j) {
        const [a, r] = texts[i], [b, s] = texts[j];
        const across = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const down = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (across > 1 && down > 1) problems.push('in the chart ' + title + ', \"' + a + '\" and \"' + b + '\" overlap');
      }
  }
  document.getElementById('problems').textContent = problems.join('; ');
  document.getElementById('extra').textContent = (function (doc) { ${arg_SCRIPT} })(doc);
});
</script>
</body></html>
")
  math(EXPR window "${width} + 100")
  run(chromium --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars --allow-file-access-from-files
      --user-data-dir=${dir}/chromium --window-size=${window},1000 --dump-dom "file://${frame}")
  if(NOT run_output MATCHES "<pre id=\"problems\">([^<]*)</pre><pre id=\"extra\">([^<]*)</pre>")
    message(FATAL_ERROR "${page} at ${width} px: the measuring script did not run")
  endif()
  # A group that matched nothing leaves its CMAKE_MATCH_ unset.
  set(page_problems "${CMAKE_MATCH_1}" PARENT_SCOPE)
  set(page_extra "${CMAKE_MATCH_2}" PARENT_SCOPE)
endfunction()
