// The HTML report in a real headless browser (Debian's chromium): no console error, marks where the source says, one click to a proof, a screenshot.

package cli

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"leapfrog/internal/testutil"
)

// chromium finds the browser; its absence fails the test (run.sh and .ci/run
// install the Debian package chromium).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("chromium not found: install the Debian package chromium (apt-get install -y chromium; ./run.sh test does)")
	return ""
}

// headless runs chromium on a page with extra flags and returns stdout and stderr.
func headless(t *testing.T, bin, page string, flags ...string) (string, string) {
	t.Helper()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0"}, flags...)
	cmd := exec.Command(bin, append(args, "file://"+page)...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, errb.String())
	}
	return out.String(), errb.String()
}

// checker is injected at the top of the page under test: it records errors
// and console.error calls, then, once the page's own script ran, measures
// in the rendered DOM where each mark is (the line number beside it, the
// UTF-8 column of the source text before it, its box on the screen against
// its line's), reads every source line back, opens an unreachable badge's
// details with a click and then its formula with another, and writes all of
// it as JSON into <pre id="lf-check">.
const checker = `<script>
(function () {
  var errors = [];
  window.addEventListener("error", function (e) { errors.push("error: " + e.message); });
  var ce = console.error;
  console.error = function () { errors.push("console.error: " + Array.prototype.join.call(arguments, " ")); ce.apply(console, arguments); };
  var enc = new TextEncoder();
  function inside(n, cls) {
    for (var e = n.parentNode; e; e = e.parentNode) { if (e.classList && e.classList.contains(cls)) return true; }
    return false;
  }
  function measure() {
    var res = { errors: errors, marks: [], lines: {} };
    document.querySelectorAll(".page").forEach(function (page) {
      if (page.id === "summary") return;
      var shown = page.style.display;
      page.style.display = "";
      var pre = page.querySelector("pre.src"), path = page.getAttribute("data-path");
      var line = 0, col = 1, text = "", lnBox = null, lines = {};
      var w = document.createTreeWalker(pre, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (var n = w.nextNode(); n; n = w.nextNode()) {
        if (n.nodeType === 1 && n.classList.contains("ln")) {
          if (line) lines[line] = text;
          line = parseInt(n.textContent, 10); col = 1; text = ""; lnBox = n.getBoundingClientRect();
        } else if (n.nodeType === 1 && n.classList.contains("mark")) {
          var b = n.getBoundingClientRect();
          res.marks.push({ path: path, pos: n.getAttribute("data-pos"), line: line, col: col,
            sameRow: Math.abs((b.top + b.bottom) / 2 - (lnBox.top + lnBox.bottom) / 2) < lnBox.height / 2,
            rightOfGutter: b.left >= lnBox.right });
        } else if (n.nodeType === 3 && !inside(n, "ln") && !inside(n, "b")) {
          var s = n.textContent.replace(/\n$/, "");
          text += s; col += enc.encode(s).length;
        }
      }
      if (line) lines[line] = text;
      res.lines[path] = lines;
      page.style.display = shown;
    });
    return res;
  }
  window.addEventListener("load", function () {
    var res = measure();
    var badge = document.querySelector("a.b.unr");
    res.badge = badge ? badge.getAttribute("href") : "";
    if (badge) badge.click();
    setTimeout(function () {
      var d = document.querySelector(res.badge);
      res.panelOpen = !!(d && d.classList.contains("active") && d.parentNode.classList.contains("open") && d.offsetHeight > 0);
      var sum = d && d.querySelector("details summary");
      if (sum) sum.click();
      var smt = d && d.querySelector("pre.smt");
      res.formulaShown = !!(smt && smt.offsetHeight > 0 && smt.textContent.indexOf("(check-sat)") >= 0);
      res.pageShown = d ? d.closest(".page").style.display !== "none" : false;
      var out = document.createElement("pre");
      out.id = "lf-check";
      out.textContent = JSON.stringify(res);
      document.body.appendChild(out);
    }, 200);
  });
})();
</script>
`

type checkResult struct {
	Errors []string
	Marks  []struct {
		Path, Pos     string
		Line, Col     int
		SameRow       bool
		RightOfGutter bool
	}
	Lines        map[string]map[string]string
	Badge        string
	PanelOpen    bool
	FormulaShown bool
	PageShown    bool
}

// TestHTMLInBrowser renders the report of the bench functions of TestWholeRun in chromium.
func TestHTMLInBrowser(t *testing.T) {
	testutil.SkipShort(t, "the browser test renders a whole run of the bench in chromium")
	bin := chromium(t)
	bench, dir := wholeRun(t)
	out := t.TempDir()
	page := filepath.Join(dir, "p4.html")
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}

	// The page as it is: no console message at all.
	_, log := headless(t, bin, page, "--dump-dom")
	if msgs := regexp.MustCompile(`(?m)^.*:CONSOLE.*$`).FindAllString(log, -1); len(msgs) > 0 {
		t.Errorf("console messages:\n%s", strings.Join(msgs, "\n"))
	}

	// With the checker.
	checked := filepath.Join(out, "checked.html")
	os.WriteFile(checked, []byte(strings.Replace(string(data), "<head>\n", "<head>\n"+checker, 1)), 0o644)
	dom, log := headless(t, bin, checked, "--window-size=1400,900", "--virtual-time-budget=3000", "--dump-dom")
	m := regexp.MustCompile(`(?s)<pre id="lf-check">(.*?)</pre>`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the checker wrote nothing (the page's script failed?)\n%s", log)
	}
	var res checkResult
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 {
		t.Errorf("errors in the page: %q", res.Errors)
	}
	if len(res.Marks) < 80 {
		t.Fatalf("%d marks measured, want the bench functions' objectives", len(res.Marks))
	}
	for _, mk := range res.Marks {
		base := filepath.Base(mk.Path)
		if want := fmt.Sprintf("%s:%d:%d", base, mk.Line, mk.Col); mk.Pos != want {
			t.Errorf("%s: the mark for %s is displayed at %s", mk.Path, mk.Pos, want)
		}
		if !mk.SameRow || !mk.RightOfGutter {
			t.Errorf("%s %s: not drawn on its line's row (same row %v, right of the gutter %v)", mk.Path, mk.Pos, mk.SameRow, mk.RightOfGutter)
		}
	}
	for path, lines := range res.Lines {
		src, err := os.ReadFile(filepath.Join(bench, path))
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range strings.Split(strings.TrimSuffix(string(src), "\n"), "\n") {
			if got := lines[strconv.Itoa(i+1)]; got != want {
				t.Errorf("%s:%d displayed as %q, want %q", path, i+1, got, want)
				break
			}
		}
	}
	if res.Badge == "" || !res.PanelOpen || !res.FormulaShown || !res.PageShown {
		t.Errorf("clicking an unreachable badge (%s): panel open %v, formula shown after one more click %v, its file shown %v", res.Badge, res.PanelOpen, res.FormulaShown, res.PageShown)
	}

	// The screenshot: tcas with an unreachable outcome's details open.
	shot := filepath.Join(t.TempDir(), "report.png")
	if dir := os.Getenv("LEAPFROG_ARTEFACTS"); dir != "" {
		shot = filepath.Join(dir, "report.png")
	}
	unreachable := regexp.MustCompile(`<a class="b unr[^"]*" href="#(d[^"]+)"`).FindAllStringSubmatch(string(data), -1)
	if len(unreachable) < 4 {
		t.Fatalf("%d unreachable badges", len(unreachable))
	}
	headless(t, bin, page+"#"+unreachable[3][1], "--window-size=1400,900", "--virtual-time-budget=2000", "--screenshot="+shot)
	png, err := os.ReadFile(shot)
	if err != nil || len(png) < 20000 || string(png[1:4]) != "PNG" {
		t.Fatalf("screenshot %s: %d bytes, %v", shot, len(png), err)
	}
	t.Logf("screenshot: %s (%d bytes)", shot, len(png))
}
