// Text output of gen and merge: a line per function, the totals per package, the rejections; -verify's lines.

package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"leapfrog/internal/report"
	"leapfrog/internal/search"
	"leapfrog/internal/testgen"
	"leapfrog/internal/verify"
)

// summarize prints the text summary of one function; reused says its
// analysis was read from the cache (the time is then that of the run that
// made it).
func summarize(w io.Writer, r *report.Function, name string, reused bool) {
	cov, unr, unk := r.Count()
	takenOver := ""
	if n := decidedElsewhere(r); n > 0 {
		takenOver = fmt.Sprintf(" (%d decided by callees)", n)
	}
	if n := theirs(r); n > 0 {
		takenOver += fmt.Sprintf(" (%d covered by your tests)", n)
	}
	if r.Instance != "" && !strings.Contains(name, "[") {
		name = r.Instance // the instance analysed
	}
	fmt.Fprintf(w, "%s (%s): %d objectives: %d covered, %d unreachable, %d unknown%s; %d cases kept, %d discarded; %d solver calls, %d paths, %d infeasible; %s\n",
		name, r.Strategy, len(r.Branches), cov, unr, unk, takenOver, r.Stats.Cases-r.Stats.Discarded, r.Stats.Discarded,
		r.Stats.SolverCalls, r.Stats.Paths, r.Stats.InfeasiblePaths, timeText(r, reused))
	if n := notTargeted(r); n > 0 {
		fmt.Fprintf(w, "  %d objectives not targeted (-important) and not covered: unknown\n", n)
	}
	shown, more := 0, 0
	for _, b := range r.Branches {
		if b.Verdict == report.Covered || b.DecidedIn != "" {
			continue // a verdict taken over is listed with its own function
		}
		if shown == maxListed {
			more++
			continue
		}
		shown++
		switch b.Verdict {
		case report.Unreachable:
			fmt.Fprintf(w, "  unreachable %s %s: %s\n", b.Pos, outcomeText(b.Outcome), b.Reason)
			if b.Checked == report.CheckedEngine {
				fmt.Fprintf(w, "              not re-proved independently: %s\n", b.CheckReason)
			}
		case report.Unknown:
			fmt.Fprintf(w, "  unknown     %s %s: %s\n", b.Pos, outcomeText(b.Outcome), b.Reason)
		default:
			panic(fmt.Sprintf("summary: verdict %q", b.Verdict))
		}
	}
	if more > 0 {
		fmt.Fprintf(w, "  ... and %d more not covered (the JSON and HTML reports list them all)\n", more)
	}
}

// timeText is the time an analysis took, or "reused from the cache".
func timeText(r *report.Function, reused bool) string {
	if reused {
		return "reused from the cache"
	}
	return (time.Duration(r.Stats.TimeMs) * time.Millisecond).String()
}

// outcomeText is an outcome as the summary prints it: a call of panic is
// "explicit panic", so that no line of a normal run reads "panic:" (what
// tools look for in the output of a crashed Go program).
func outcomeText(outcome string) string {
	if outcome == "panic" {
		return "explicit panic"
	}
	return outcome
}

// maxListed is how many objectives not covered the summary of a function lists.
const maxListed = 20

// summarizeRun prints the rejections and the totals: one line when there is
// a single package and nothing rejected, else a table per package.
func summarizeRun(w io.Writer, rep *report.Report, table, quiet bool) {
	for _, x := range rep.Rejected {
		fmt.Fprintf(w, "rejected %s.%s: %s: %s\n", x.Package, x.Function, x.Pos, x.Reason)
	}
	for _, x := range rep.Failed {
		fmt.Fprintf(w, "FAILED %s.%s (%s): %s\n", x.Package, x.Function, x.Stage, x.Reason)
	}
	if table && !quiet {
		width := len("package")
		for _, p := range rep.Packages {
			width = max(width, len(p.Path))
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "%-*s\tfunctions\tanalysed\trejected\toutcomes\tcovered\tunreachable\tunknown\tcases\tper-function objectives\t\n", width, "package")
		for _, p := range rep.Packages {
			fmt.Fprintf(tw, "%-*s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", width, p.Path, p.Functions, p.Analysed, p.Rejected, p.Objectives, p.Covered, p.Unreachable, p.Unknown, p.Cases, p.PerFunction.Objectives)
		}
		tw.Flush()
	}
	s := rep.Summary
	shard := ""
	if rep.Shard != "" {
		shard = " (shard " + rep.Shard + ")"
	}
	failed := ""
	if s.Failed > 0 {
		failed = fmt.Sprintf(", %d FAILED", s.Failed)
	}
	fmt.Fprintf(w, "total%s: %d functions in %d packages: %d analysed, %d rejected%s; %d distinct outcomes: %d covered, %d unreachable, %d unknown (%d objectives counted per function); %d cases; %s\n",
		shard, s.Functions, s.Packages, s.Analysed, s.Rejected, failed, s.Objectives, s.Covered, s.Unreachable, s.Unknown, s.PerFunction.Objectives, s.Cases, budgetText(rep.Flags.Timeout, s.Analysed))
}

// budgetText names the time budget in force and what it allows the whole
// run, the analysed functions' budgets summed (shared by -p workers):
// "budget 5s per function, 1m10s for the 14 analysed", or "no time budget"
// (-timeout 0).
func budgetText(timeout string, analysed int) string {
	d, err := time.ParseDuration(timeout)
	if err == nil && d == 0 {
		return "no time budget"
	}
	text := "budget " + timeout + " per function"
	if err == nil && analysed > 0 {
		text += fmt.Sprintf(", %v for the %d analysed", d*time.Duration(analysed), analysed)
	}
	return text
}

// decidedElsewhere counts the objectives of r whose verdict it took over
// from a callee's analysis.
func decidedElsewhere(r *report.Function) int {
	n := 0
	for _, b := range r.Branches {
		if b.DecidedIn != "" {
			n++
		}
	}
	return n
}

// verifySessions are the verify sessions of a run, one per package and
// test file: the package's test binaries are built once for all its
// functions.
type verifySessions map[[2]string]*verifySession

type verifySession struct {
	s   *verify.Session
	err error // the setup failed
}

// get returns the session of the package in dir with testFile, made on
// first use.
func (ss verifySessions) get(dir, testFile string) (*verify.Session, error) {
	k := [2]string{dir, testFile}
	vs := ss[k]
	if vs == nil {
		s, err := verify.NewSession(dir, "", []string{testFile}, "")
		vs = &verifySession{s, err}
		ss[k] = vs
	}
	return vs.s, vs.err
}

// close removes the sessions' copies.
func (ss verifySessions) close() {
	for _, vs := range ss {
		if vs.s != nil {
			vs.s.Close()
		}
	}
}

// verifyFunction checks one function's claims (branch outcomes, panics, the
// entry) from outside the engine, running its emitted test from testFile
// in the package's session (its test binaries, built once). One run per
// function: functions sharing a callee may give one source branch
// different verdicts (wbs Step and Launch do).
func verifyFunction(sessions verifySessions, dir, testFile string, r *search.Result, stdout, stderr io.Writer) (ok bool) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "leapfrog gen: verify %s failed: %v\n", r.Function, internalError(p))
			ok = false
		}
	}()
	var claims []verify.Claim
	for _, b := range r.Branches {
		if b.DecidedIn != "" && b.Verdict == report.Covered {
			continue // covered by the test of the function that decided it, verified there
		}
		if len(b.Tests) > 0 {
			continue // covered by the package's own tests, as leapfrog cover measured
		}
		claims = append(claims, verify.Claim{Pos: b.Pos, Outcome: b.Outcome, Verdict: b.Verdict})
	}
	var vr *verify.Result
	s, err := sessions.get(dir, testFile)
	if err == nil {
		vr, err = s.Check("^"+testgen.TestName(r.Function)+"$", claims)
	}
	if vr != nil {
		fmt.Fprintf(stdout, "verify %s: go test %s, %.1f%% of the package's statements covered; %d claims (%d panics): %d covered confirmed, %d unreachable never observed, %d unknown",
			r.Function, passFail(vr.TestsPassed && vr.InstrumentedPassed), vr.Coverage, vr.Claims, vr.PanicClaims, vr.CoveredOK, vr.UnreachableOK, vr.UnknownObserved+vr.UnknownOpen)
		if vr.Unchecked > 0 {
			fmt.Fprintf(stdout, ", %d not checked", vr.Unchecked)
		}
		fmt.Fprintln(stdout)
		for _, n := range vr.Notes {
			fmt.Fprintf(stdout, "verify %s: note: %s\n", r.Function, n)
		}
		for _, e := range vr.Errors {
			fmt.Fprintf(stderr, "verify %s: %s\n", r.Function, e)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "leapfrog gen: verify %s failed: %s\n", r.Function, verifyFailure(vr, err))
		return false
	}
	return true
}

// verifyFailure says in one line what failed: the counts of each kind of
// problem and the first problem's first line.
func verifyFailure(vr *verify.Result, err error) string {
	if vr == nil || len(vr.Errors) == 0 {
		return firstLine(err.Error())
	}
	var parts []string
	if !vr.TestsPassed {
		parts = append(parts, "the emitted test failed or did not run")
	} else if !vr.InstrumentedPassed {
		parts = append(parts, "the emitted test failed in the instrumented copy")
	}
	for _, c := range []struct {
		n    int
		what string
	}{
		{vr.FalseUnreachable, "FALSE UNREACHABLE"},
		{vr.CoveredMissing, "covered but not observed"},
		{vr.BadClaims, "claims the instrumenter cannot place"},
	} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.what))
		}
	}
	first := firstLine(vr.Errors[0])
	if len(vr.Errors) > 1 {
		first += fmt.Sprintf(" (and %d more above)", len(vr.Errors)-1)
	}
	if len(parts) == 0 {
		return first
	}
	return strings.Join(parts, ", ") + ": " + first
}

func passFail(ok bool) string {
	if ok {
		return "passed"
	}
	return "FAILED"
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// notTargeted counts the objectives left unknown because -important did not target them.
func notTargeted(r *report.Function) int {
	n := 0
	for _, b := range r.Branches {
		if b.Verdict == report.Unknown && b.Reason == search.NotTargeted {
			n++
		}
	}
	return n
}
