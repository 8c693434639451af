// Issue 21's functions through the pipeline under every strategy: every run-time check unreachable, with a certificate cvc5 re-checks.

package analysis

import (
	"context"
	"strings"
	"testing"
	"time"

	"leapfrog/internal/indep"
	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
	"leapfrog/internal/testutil"
)

// doneWhen holds the functions of issue 21's "Done when".
const doneWhen = `package p

import "strings"

func Split(path string) (dir, file string) {
	i := strings.LastIndexByte(path, '/')
	return path[:i+1], path[i+1:]
}

func Sum(b []byte) int {
	s := 0
	for i := 0; i < len(b); i++ {
		s += int(b[i])
	}
	return s
}

func Key(s string) string {
	if i := strings.IndexByte(s, '='); i >= 0 {
		return s[:i]
	}
	return s
}

func TrimSpace(s string) string {
	for len(s) > 0 && s[len(s)-1] == ' ' {
		s = s[:len(s)-1]
	}
	return s
}
`

// TestInvariantsDoneWhen: the search leaves open the run-time checks in
// Sum's and TrimSpace's loops (the input length bound; 4 here, for speed)
// and may decide Split's and Key's itself (the postconditions of the
// summaries of strings' searches); the invariant proofs settle every check
// it leaves open, under every strategy, with a certificate whose queries
// cvc5 answers unsat, each alone. (Split's and Key's certificates are
// tested in package invariant.)
func TestInvariantsDoneWhen(t *testing.T) {
	dir := testutil.WritePackage(t, "1.26", doneWhen)
	for _, name := range []string{"Split", "Sum", "Key", "TrimSpace"} {
		tg := lowerTarget(t, dir, name)
		for _, sname := range StrategyNames() {
			if sname == "pe" {
				continue // the path-exhaustive baseline: rg's, without its guidance
			}
			st, _ := Strategy(sname)
			t.Run(name+"/"+sname, func(t *testing.T) {
				cfg := Defaults()
				cfg.Strategy, cfg.MaxLen = st, 4
				a, err := start(context.Background(), tg, cfg)
				if err != nil {
					t.Fatal(err)
				}
				defer a.close()
				r := a.explore()
				checks, open := 0, map[int]bool{}
				for i, b := range r.Branches {
					if o := a.s.Objectives[i]; o.If != nil && o.If.Kind != ir.SourceBranch {
						checks++
						switch b.Verdict {
						case report.Unknown:
							open[i] = true
						case report.Covered:
							t.Fatalf("%s %s before the proofs: covered by %s (no check of these functions can fail)", b.Pos, b.Outcome, b.Case)
						}
					}
				}
				if checks == 0 {
					t.Fatal("no run-time check")
				}
				if len(open) == 0 && (name == "Sum" || name == "TrimSpace") {
					t.Fatal("the search alone decided every check of a loop's (the length bound should leave them open)")
				}
				a.settle(r, time.Time{}, nil)
				for i, b := range r.Branches {
					o := a.s.Objectives[i]
					if o.If == nil || o.If.Kind == ir.SourceBranch || !open[i] {
						if b.Verdict == report.Unknown {
							t.Errorf("%s %s: unknown (%s)", b.Pos, b.Outcome, b.Reason)
						}
						continue
					}
					if b.Verdict != report.Unreachable || b.Checked != report.CheckedIndependent {
						t.Errorf("%s %s: %s (%s), checked %q", b.Pos, b.Outcome, b.Verdict, b.Reason, b.Checked)
						continue
					}
					if strings.Contains(b.SMT2, "(assert false)") {
						t.Errorf("%s %s: (assert false) in the certificate", b.Pos, b.Outcome)
					}
					if sname == "treefrog" {
						checkCertificate(t, b.SMT2)
					}
				}
			})
		}
	}
}

// checkCertificate runs each query of a certificate through cvc5 alone:
// initiation, consecution and safety queries.
func checkCertificate(t *testing.T, smt2 string) {
	t.Helper()
	queries := strings.Split(smt2, "(reset)\n")
	kinds := map[string]bool{}
	for _, q := range queries {
		for _, k := range []string{"initiation", "consecution", "safety"} {
			if strings.Contains(q, "; "+k+": ") {
				kinds[k] = true
			}
		}
	}
	if len(kinds) != 3 {
		t.Errorf("the certificate's queries are of kinds %v, want initiation, consecution and safety", kinds)
	}
	for _, q := range queries {
		got, err := indep.CVC5(q, time.Minute)
		if err != nil || got != "unsat" {
			t.Errorf("cvc5 on a query of the certificate: %q, %v\n%s", got, err, q)
		}
	}
}

// TestInvariantsWithinBudget: with a deadline already past, no proof is
// attempted and the outcome stays unknown.
func TestInvariantsWithinBudget(t *testing.T) {
	dir := testutil.WritePackage(t, "1.26", doneWhen)
	tg := lowerTarget(t, dir, "Sum")
	cfg := Defaults()
	cfg.MaxLen = 4
	a, err := start(context.Background(), tg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer a.close()
	r := a.explore()
	a.settle(r, time.Now().Add(-time.Second), nil)
	for _, b := range r.Branches {
		if b.Verdict == report.Unreachable {
			t.Errorf("%s %s proved past the deadline", b.Pos, b.Outcome)
		}
	}
	_ = search.TreeFrog{}
}
