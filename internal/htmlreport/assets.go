// The page's inline style and script (no external asset).

package htmlreport

// css: the look of go tool cover -html (black page, grey source, coloured
// marks), plus the badges, the details panel and the tables.
const css = `body { background: black; color: rgb(170, 170, 170); margin: 0; font-family: Menlo, "DejaVu Sans Mono", monospace; font-size: 13px; }
#topbar { position: fixed; top: 0; left: 0; right: 0; height: 40px; background: #111; border-bottom: 1px solid #333; display: flex; align-items: center; gap: 16px; padding: 0 12px; z-index: 2; font-family: sans-serif; font-size: 12px; }
#topbar select { background: #222; color: #ddd; border: 1px solid #444; font-size: 13px; max-width: 50vw; }
.legend { color: #999; }
#content { position: absolute; top: 41px; bottom: 0; left: 0; right: 0; overflow: auto; padding: 0 12px 48px; }
h1, h2, h3 { font-family: sans-serif; color: #ddd; font-weight: normal; }
h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 24px; } h3 { font-size: 14px; margin: 20px 0 6px; }
.meta { color: #888; font-family: sans-serif; font-size: 12px; }
a { color: rgb(120, 170, 255); }
pre.src { line-height: 1.5; tab-size: 4; -moz-tab-size: 4; margin: 0; }
.ln { display: inline-block; width: 4em; padding-right: 1em; text-align: right; color: #505050; user-select: none; }
.cond.cov { color: rgb(44, 212, 149); }
.cond.unr { color: rgb(138, 160, 255); }
.cond.unk { color: rgb(242, 86, 86); }
.b { display: inline-block; min-width: 9px; padding: 0 2px; margin: 0 1px; border-radius: 3px; font: bold 9px/12px sans-serif; text-align: center; color: black; text-decoration: none; vertical-align: 2px; }
.b.cov { background: rgb(44, 212, 149); }
.b.unr { background: rgb(138, 160, 255); }
.b.unr.chk { box-shadow: 0 0 0 1px white; }
.b.unk { background: rgb(242, 86, 86); }
.b.rej { background: #777; }
.mark.flash .b { box-shadow: 0 0 0 2px yellow; }
td.cov, span.cov { color: rgb(44, 212, 149); } td.unr, span.unr { color: rgb(138, 160, 255); } td.unk, span.unk { color: rgb(242, 86, 86); }
.chk { color: white; }
table { border-collapse: collapse; font-family: sans-serif; font-size: 12px; }
th, td { border: 1px solid #333; padding: 2px 8px; text-align: left; vertical-align: top; }
th { color: #ddd; background: #181818; }
td.num { text-align: right; }
tr.total td { font-weight: bold; }
tr:target td { background: #332; }
table.cases td { font-family: Menlo, "DejaVu Sans Mono", monospace; }
.warn { color: rgb(240, 200, 90); font-family: sans-serif; font-size: 12px; }
.panel { position: fixed; right: 12px; bottom: 12px; width: min(48em, 60vw); max-height: 45vh; overflow: auto; background: #181818; color: #ddd; border: 1px solid #555; border-radius: 6px; padding: 6px 12px; z-index: 3; display: none; font-family: sans-serif; font-size: 12px; }
.panel.open, .panel:has(.detail:target) { display: block; }
.detail { display: none; }
.detail.active, .detail:target { display: block; }
.detail ul { padding-left: 18px; margin: 6px 0; }
.detail li { margin: 4px 0; }
.close { float: right; text-decoration: none; font-size: 16px; color: #aaa; }
pre.smt { white-space: pre-wrap; color: #bbb; background: #101010; padding: 6px; max-height: 20em; overflow: auto; }
`

// script switches the file shown (select or URL fragment) and opens a
// badge's details in the file's panel.
const script = `(function () {
  "use strict";
  var select = document.getElementById("files");
  var pages = document.querySelectorAll(".page");
  function show(id) {
    for (var i = 0; i < pages.length; i++) {
      pages[i].style.display = pages[i].id === id ? "" : "none";
    }
    select.value = id;
  }
  function closeDetails() {
    document.querySelectorAll(".detail.active").forEach(function (d) { d.classList.remove("active"); });
    document.querySelectorAll(".panel.open").forEach(function (p) { p.classList.remove("open"); });
    document.querySelectorAll(".mark.flash").forEach(function (m) { m.classList.remove("flash"); });
  }
  function go() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id ? document.getElementById(id) : null;
    var page = el ? el.closest(".page") : null;
    closeDetails();
    if (!page) {
      show("summary");
      return;
    }
    show(page.id);
    var focus = el;
    if (el.classList.contains("detail")) {
      el.classList.add("active");
      el.parentNode.classList.add("open");
      focus = document.getElementById(el.getAttribute("data-mark"));
    }
    if (focus && focus !== page) {
      if (focus.classList.contains("mark")) {
        focus.classList.add("flash");
      }
      focus.scrollIntoView({ block: "center" });
    } else {
      document.getElementById("content").scrollTop = 0;
    }
  }
  select.addEventListener("change", function () { location.hash = select.value; });
  window.addEventListener("hashchange", go);
  go();
})();
`
