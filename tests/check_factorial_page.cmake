# The factorial's report pages in headless Chromium (run by tests/cli/factorial_page.cmake;
# -DTOOL=factorial_report -DDIR=scratch). The tool writes the example reports of a 2^3 design, of
# the 2^(5-1) fraction of the five disputes, whose cells have the longest names, and of the
# 2^(8-2) fraction, the largest design (64 cells, 36 terms a figure); each page,
# with a script after it that measures it at a 1300 px wide window, must have every table within
# its box and nothing past the window's right edge, no two texts of a chart over one another, and
# the factorial's four sections with their charts: three panels of effects, and the interaction
# plots.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

run(${TOOL} ${DIR})
foreach(design full fraction eight)
  file(READ ${DIR}/${design}/report.html page)
  string(REPLACE "</body>" "<script>
  const problems = [];
  for (const box of document.querySelectorAll('.scroll'))
    if (box.scrollWidth > box.clientWidth)
      problems.push('a table in ' + box.closest('section').id + ' is ' + box.scrollWidth + ' px in a box of ' +
                    box.clientWidth);
  for (const e of document.body.querySelectorAll('*'))
    if (e.getBoundingClientRect().right > document.documentElement.clientWidth)
      problems.push(e.tagName + '.' + e.className + ' in ' + (e.closest('section') || {}).id + ' reaches ' +
                    Math.round(e.getBoundingClientRect().right) + ' px');
  // Texts of one chart over one another (by more than a pixel each way) cannot be read.
  for (const svg of document.querySelectorAll('section[id^=factorial] svg')) {
    const boxes = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim())
                    .map((t) => [t.textContent, t.getBoundingClientRect()]);
    for (let i = 0; i < boxes.length; ++i)
      for (let j = i + 1; j < boxes.length; ++j) {
        const [a, r] = boxes[i], [b, s] = boxes[j];
        const across = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const down = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (across > 1 && down > 1)
          problems.push('in the chart ' + svg.querySelector('title').textContent + ', \"' + a + '\" and \"' + b +
                        '\" overlap');
      }
  }
  const charts = (id) => document.querySelectorAll('#' + id + ' svg').length;
  const sections = ['factorial', 'factorial-cells', 'factorial-balanced', 'factorial-design']
                     .filter((id) => !document.getElementById(id));
  document.body.append(Object.assign(document.createElement('pre'),
                                     { id: 'problems', textContent: problems.join('; ') }));
  document.body.append(Object.assign(document.createElement('pre'), { id: 'counts',
    textContent: 'missing sections: [' + sections.join(', ') + '] charts: ' + charts('factorial') }));
</script>
</body>" page "${page}")
  file(WRITE ${DIR}/${design}/measured.html "${page}")
  run(chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=${DIR}/chromium
      --window-size=1300,1200 --dump-dom "file://${DIR}/${design}/measured.html")
  if(NOT run_output MATCHES "<pre id=\"problems\">([^<]*)</pre>")
    message(FATAL_ERROR "${design}/measured.html: the measuring script did not run")
  endif()
  set(problems "${CMAKE_MATCH_1}")  # a group that matched nothing leaves CMAKE_MATCH_1 unset
  if(NOT problems STREQUAL "")
    message(FATAL_ERROR "${design}/report.html at 1300 px: ${problems}")
  endif()
  # Every model has a large interaction on the score, and so on the decisive share (the tool's
  # models): three panels and at least two interaction plots, and the full design's rounds.
  if(design STREQUAL "full")
    set(expected 6)
  else()
    set(expected 5)
  endif()
  if(NOT run_output MATCHES "<pre id=\"counts\">missing sections: \\[\\] charts: ([0-9]+)</pre>"
     OR CMAKE_MATCH_1 LESS expected)
    string(REGEX MATCH "<pre id=\"counts\">[^<]*</pre>" counts "${run_output}")
    message(FATAL_ERROR "${design}/report.html: ${counts}, not every section and ${expected} charts or more")
  endif()
  message(STATUS "${design}: every table and chart fits at 1300 px, no chart's texts overlap")
endforeach()
