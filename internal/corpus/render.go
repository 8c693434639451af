// The results as a markdown table and sections, and as JSON.
package corpus

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// mustJSON is v as indented JSON (the types here always marshal).
func mustJSON(v any) []byte {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(data, '\n')
}

// JSON returns the results as the JSON file holds them.
func (res *Results) JSON() []byte { return mustJSON(res) }

// Markdown writes the table: one row per module, the totals, then the most
// frequent reasons, the crashes, the verify failures and the rows that did
// not run through.
func (res *Results) Markdown(w io.Writer) {
	t := res.Totals
	fmt.Fprintf(w, "# Corpus: %s\n\n", res.Leapfrog)
	fmt.Fprintf(w, "leapfrog sha256 %.12s, %s; gen -timeout %s per function, module cap %s, go test -timeout %s, -verify every %s analysed function; modules from %s.\n\n",
		res.LeapfrogSHA256, res.Go, res.Settings.Timeout, res.Settings.ModuleTimeout, res.Settings.TestTimeout, ordinal(res.Settings.VerifyEvery), res.Settings.Source)
	if res.List.Partial {
		fmt.Fprintf(w, "**PARTIAL: %d of the %d entries of %s (-only %s); these totals are not the corpus's.**\n\n", res.List.Run, res.List.Entries, res.List.Name, res.List.Only)
	} else {
		fmt.Fprintf(w, "The whole list: %d entries of %s.\n\n", res.List.Entries, res.List.Name)
	}
	fmt.Fprintln(w, "| module | status | functions | accepted | rejected | crashes | outcomes | decided | unreachable (indep./engine) | cov. emitted | cov. maintainers | cov. both | emitted tests | verify | gen time | wall time | first rejection reason |")
	fmt.Fprintln(w, "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|--:|--:|---|")
	for _, r := range res.Modules {
		reason := ""
		if len(r.RejectReasons) > 0 {
			reason = fmt.Sprintf("%d× %s", r.RejectReasons[0].N, truncate(r.RejectReasons[0].Reason, 70))
		}
		fmt.Fprintf(w, "| %s | %s | %d | %s | %d | %d | %d | %s | %d/%d | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.Name, cell(r.Status), r.Functions, share(r.Accepted, r.Functions), r.Rejected, len(r.Crashes),
			r.Outcomes.Outcomes, share(r.Decided(), r.Outcomes.Outcomes), r.Independent, r.EngineOnly,
			coverageCell(r.Coverage.Emitted), coverageCell(r.Coverage.Maintainers), coverageCell(r.Coverage.Both),
			emittedCell(r.Coverage.Emitted), verifyCell(r.Verify), seconds(r.GenSeconds), seconds(r.WallSeconds), cell(reason))
	}
	fmt.Fprintf(w, "| **total (%d)** | %d not ok | %d | %s | %d | %d | %d | %s | %d/%d | %s | %s | %s | %d failing | %s | | %s | |\n\n",
		t.Modules, t.NotOK, t.Functions, share(t.Accepted, t.Functions), t.Rejected, t.Crashes,
		t.Outcomes, share(t.Covered+t.Unreachable, t.Outcomes), t.Independent, t.EngineOnly,
		pct(t.EmittedCovered, t.Statements), pct(t.MaintainersCovered, t.Statements), pct(t.BothCovered, t.Statements),
		t.EmittedFailing, verifyCell(Verify{Sampled: t.VerifySampled, Confirmed: t.VerifyConfirmed, NoCase: t.VerifyNoCase, Failed: make([]Crash, t.VerifyFailed)}), seconds(t.WallSeconds))
	fmt.Fprintf(w, "Functions: %d, accepted %s (%d of them with calls of functions leapfrog cannot lower, which abort the runs reaching them), rejected %d, crashes %d, aborted runs %d. Distinct outcomes: %d (%d as the reports list them per function), decided %s: %d covered, %d unreachable (%d checked independently, %d on the engine's word), %d unknown; %d outcomes one function's report proves unreachable and a caller's covers.\n\n",
		t.Functions, share(t.Accepted, t.Functions), t.AcceptedAborting, t.Rejected, t.Crashes, t.Aborted, t.Outcomes, t.PerFunction,
		share(t.Covered+t.Unreachable, t.Outcomes), t.Covered, t.Unreachable, t.Independent, t.EngineOnly, t.Unknown, t.Disagreements)
	fmt.Fprintf(w, "Statement coverage over %d statements of the modules whose tests ran: emitted tests %s, maintainers' %s, both %s.\n\n",
		t.Statements, pct(t.EmittedCovered, t.Statements), pct(t.MaintainersCovered, t.Statements), pct(t.BothCovered, t.Statements))
	reasons(w, "Rejection reasons (first obstacle per function)", t.RejectReasons)
	reasons(w, "Accepted functions' calls that abort runs (functions leapfrog cannot lower; each cause once per function)", t.AbortReasons)
	reasons(w, "Unknown outcomes: reasons", t.UnknownReasons)
	reasons(w, "Unreachable on the engine's word: why not checked independently", t.EngineReasons)
	var crashes, verify, failed []string
	for _, r := range res.Modules {
		for _, c := range r.Crashes {
			crashes = append(crashes, fmt.Sprintf("- %s: %s", r.Name, crashText(c)))
		}
		for _, c := range r.Verify.Failed {
			verify = append(verify, fmt.Sprintf("- %s: %s", r.Name, crashText(c)))
		}
		if r.Status != "ok" {
			failed = append(failed, fmt.Sprintf("- %s: %s: %s", r.Name, r.Status, r.Error))
		}
	}
	list(w, "Crashes and internal errors", crashes)
	list(w, "Verify failures", verify)
	list(w, "Rows not ok", failed)
}

// reasons prints the ten most frequent reasons of a tally.
func reasons(w io.Writer, title string, cs []Count) {
	fmt.Fprintf(w, "## %s\n\n", title)
	if len(cs) == 0 {
		fmt.Fprintf(w, "None.\n\n")
		return
	}
	fmt.Fprintln(w, "| count | reason |\n|--:|---|")
	for i, c := range cs {
		if i == 10 {
			fmt.Fprintf(w, "| … | %d more reasons (the JSON file has them all) |\n", len(cs)-10)
			break
		}
		fmt.Fprintf(w, "| %d | %s |\n", c.N, cell(c.Reason))
	}
	fmt.Fprintln(w)
}

// list prints a section of lines, or "None.".
func list(w io.Writer, title string, lines []string) {
	fmt.Fprintf(w, "## %s\n\n", title)
	if len(lines) == 0 {
		fmt.Fprintf(w, "None.\n\n")
		return
	}
	for _, l := range lines {
		fmt.Fprintln(w, cell(l))
	}
	fmt.Fprintln(w)
}

func crashText(c Crash) string {
	if c.Function == "" {
		return c.Message
	}
	return c.Function + ": " + c.Message
}

// cell makes s safe in a markdown table cell.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// share is "n (p%)".
func share(n, d int) string {
	if d == 0 {
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("%d (%.0f%%)", n, percent(n, d))
}

func pct(n, d int) string {
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", percent(n, d))
}

func coverageCell(s TestSet) string {
	if !s.Ran {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", s.Percent)
}

func emittedCell(s TestSet) string {
	switch {
	case !s.Ran:
		return "none"
	case s.Passed:
		return "pass"
	}
	return fmt.Sprintf("FAIL (%d)", len(s.Failed))
}

func verifyCell(v Verify) string {
	if v.Sampled == 0 {
		return "–"
	}
	s := fmt.Sprintf("%d/%d ok", v.Confirmed, v.Sampled)
	if v.NoCase > 0 {
		s += fmt.Sprintf(", %d no case", v.NoCase)
	}
	if len(v.Failed) > 0 {
		s += fmt.Sprintf(", **%d FAIL**", len(v.Failed))
	}
	return s
}

func seconds(s float64) string {
	return time.Duration(s * float64(time.Second)).Round(time.Second).String()
}

// ordinal is "5th" for 5, "–" for 0 (no sample).
func ordinal(n int) string {
	switch {
	case n <= 0:
		return "–"
	case n == 1:
		return "single"
	case n%10 == 1 && n%100 != 11:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2 && n%100 != 12:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3 && n%100 != 13:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}
