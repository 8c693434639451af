// compare_test.go: one report against the enumeration and the replay of its cases; agreement of the rows; the proofs through cvc5 and Z3; the self-check.

package oracle

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"leapfrog/internal/ir"
	"leapfrog/internal/report"
	"leapfrog/internal/verify"
)

// The disagreement classes (symptoms) compare and compareCases report.
// otherPackage is the place of a panic raised in another package's code
// (the enumeration's lfPanicInfo): no objective is expected for it.
const otherPackage = "another package"

const (
	clsFalseUnreachable      = "false-unreachable"        // an outcome claimed unreachable is reached
	clsCoveredUnobserved     = "covered-unobserved"       // an outcome claimed covered is reached by no input
	clsNoObjective           = "no-objective"             // an outcome some input reaches has no objective
	clsMissingObjective      = "missing-objective"        // an outcome of the function's own body has no objective
	clsPanicFalseUnreachable = "panic-false-unreachable"  // a panic claimed unreachable happens
	clsPanicUnobserved       = "panic-covered-unobserved" // a panic claimed covered happens for no input
	clsPanicNoObjective      = "panic-no-objective"       // a panic that happens has no objective
	clsPanicNotCovered       = "panic-not-covered"        // a panic that happens has objectives, none covered
	clsUnknown               = "unknown"                  // an unknown without a loop-bound reason (or in a loop-free function)
	clsTwoObjectives         = "two-objectives"           // two objectives at one position and outcome with different verdicts
	clsNoSite                = "no-site"                  // an objective at a position the instrumenter has no site at
	clsNoSMT2                = "no-smt2"                  // unreachable without an smt2 proof
	clsProof                 = "proof-not-unsat"          // the smt2 of an unreachable verdict is not unsat for Z3
	clsCaseReplay            = "case-replay"              // a case claims an objective its replay does not reach
	clsCasePanic             = "case-panic"               // a case's panic differs from its replay's
	clsDisagree              = "strategies-disagree"      // two rows give one objective different verdicts
	clsReach                 = "reach"                    // observed outside the reach computed by the test (a bug of the test)
	clsBadReport             = "bad-report"               // malformed positions, verdicts, inputs
	clsEngineWrong           = "engine-wrong"             // gen -recheck found the engine's unreachable verdict wrong (and corrected it)
)

// comparison holds one row's report of one function and the truth.
type comparison struct {
	row   string
	f     *function
	rep   *report.Function
	obs   *observation
	sites map[string]verify.Site
	// entryKeys are the functions' entries of the instrumenter.
	entryKeys map[string]bool
	pkg       *pkgSource
	reach     []*ast.FuncDecl
}

func (c *comparison) fail(class string, b *report.Branch, witness, detail string, args ...any) disagreement {
	d := disagreement{class: class, row: c.row, fn: c.f.name, witness: witness, detail: fmt.Sprintf(detail, args...)}
	if b != nil {
		d.objective = fmt.Sprintf("%s %s (%s)", b.Pos, b.Outcome, b.ID)
		d.verdict = string(b.Verdict)
		if b.Reason != "" {
			d.verdict += ": " + b.Reason
		}
	}
	return d
}

// proof renders the proof of an unreachable verdict.
func proof(b report.Branch) string {
	return fmt.Sprintf("conflict: %s\nsmt2:\n%s", strings.Join(b.Conflict, ", "), strings.TrimSpace(b.SMT2))
}

// acceptedUnknown reports whether an unknown verdict is acceptable: in a
// function with input-dependent loops (LoopsDirective), for a loop bound;
// in a function with interface parameters, for their bound (boundReason;
// compare checks that no input reaches it); anywhere, for a loop the models
// concretized (-loop-models) or a time budget (a loaded machine makes
// solver queries slow; the run logs them); anywhere, for a capacity
// escape analysis decides.
func acceptedUnknown(f *function, b report.Branch) bool {
	if b.Verdict != report.Unknown {
		return false
	}
	if f.sampled && b.Reason != "" && b.Outcome != "entry" {
		// An honest unknown on floats, strings, slices or maps, which the
		// enumeration only samples; compare still objects when an input of
		// the sample reaches it (but for a time budget).
		return true
	}
	if strings.Contains(b.Reason, "which gc's escape analysis decides") {
		// A run reached it through a conversion's capacity, which the
		// compiled code chooses by escape analysis (engine/convcap.go):
		// an honest unknown, as for the clock; a strategy that met it
		// first need not look for another path.
		return true
	}
	if withdrawn(b) {
		// An unreachable verdict the re-proof withdrew: its proof named a
		// value the engine computed (package state, a bound), no formula;
		// compare checks that no input reaches it.
		return true
	}
	if isBound(b.Reason) {
		return f.ifaces
	}
	if f.loops && (strings.HasPrefix(b.Reason, "input length bounded at") || strings.HasPrefix(b.Reason, "size of make concretized at")) {
		// A string or slice made with an input-dependent length (seq-loop).
		return true
	}
	if isTimeout(b) || !strings.Contains(b.Reason, "loop ") {
		return isTimeout(b)
	}
	// Models concretize any loop; bounds stop input-dependent loops only.
	return strings.Contains(b.Reason, "concretized") || f.loops && strings.Contains(b.Reason, "bounded at")
}

func isTimeout(b report.Branch) bool { return strings.Contains(b.Reason, "timeout") }

// withdrawn reports whether an unknown verdict is an unreachable one the
// re-proof withdrew for want of a formula over the inputs.
func withdrawn(b report.Branch) bool {
	return b.Verdict == report.Unknown && strings.HasPrefix(b.Reason, "no proof over the inputs: ")
}

// compare checks the report's verdicts against the enumeration.
func (c *comparison) compare() []disagreement {
	var errs []disagreement
	type bkey struct {
		key string
		o   bool
	}
	claims := map[bkey]report.Branch{}
	panicClaims := map[panicKey][]report.Branch{}
	entries := 0
	for _, b := range c.rep.Branches {
		switch {
		case b.Verdict == report.Unknown && b.Outcome == "entry" && c.f.assume != "" && c.obs.run == 0 && strings.HasPrefix(b.Reason, "no input satisfies the precondition"):
			// No input satisfies the precondition: the entry is never
			// unreachable, and unknown says why.
		case b.Verdict == report.Unknown && !acceptedUnknown(c.f, b):
			errs = append(errs, c.fail(clsUnknown, &b, "", "every outcome must be decided (unknown is accepted for a loop bound in a function marked %s only)", LoopsDirective))
		case b.Verdict != report.Covered && b.Verdict != report.Unreachable && b.Verdict != report.Unknown:
			errs = append(errs, c.fail(clsBadReport, &b, "", "bad verdict"))
		}
		if strings.Contains(b.CheckReason, "ENGINE WAS WRONG") {
			errs = append(errs, c.fail(clsEngineWrong, &b, "", "%s", b.CheckReason))
		}
		if b.Verdict == report.Unreachable && strings.TrimSpace(b.SMT2) == "" {
			errs = append(errs, c.fail(clsNoSMT2, &b, "", "unreachable without an smt2 proof (reason: %s)", b.Reason))
		}
		key, line, err := siteKey(b.Pos)
		if err != nil {
			errs = append(errs, c.fail(clsBadReport, &b, "", "%v", err))
			continue
		}
		if b.Outcome == "entry" {
			entries++
			entered := c.obs.entries[key]
			switch {
			case !c.entryKeys[key]:
				errs = append(errs, c.fail(clsNoSite, &b, "", "the instrumenter has no function entry at this position"))
			case b.Verdict == report.Covered && !entered:
				errs = append(errs, c.fail(clsCoveredUnobserved, &b, "", "claimed covered (case %q) but no input of the %d enters the function", b.Case, c.obs.inputs))
			case b.Verdict == report.Unreachable && entered:
				errs = append(errs, c.fail(clsFalseUnreachable, &b, "every input", "the function is entered\n%s", proof(b)))
			}
			continue
		}
		if b.Outcome != "true" && b.Outcome != "false" {
			k := panicKey{b.Outcome, line}
			panicClaims[k] = append(panicClaims[k], b)
			continue
		}
		if _, ok := c.sites[key]; !ok {
			errs = append(errs, c.fail(clsNoSite, &b, "", "the instrumenter has no site at this position"))
			continue
		}
		o := b.Outcome == "true"
		if old, dup := claims[bkey{key, o}]; dup {
			if old.Verdict != b.Verdict {
				errs = append(errs, c.fail(clsTwoObjectives, &b, c.obs.branches[key][o], "two objectives at one position: %s is %s, %s is %s (condition %q)", old.ID, old.Verdict, b.ID, b.Verdict, c.sites[key].Expr))
			}
			continue
		}
		claims[bkey{key, o}] = b
		witness, seen := c.obs.branches[key][o]
		switch {
		case b.Verdict == report.Covered && !seen && !c.f.sampled: // sampled: compareCases replays the case
			errs = append(errs, c.fail(clsCoveredUnobserved, &b, "", "claimed covered (case %q) but no input of the %d reaches it", b.Case, c.obs.inputs))
		case b.Verdict == report.Covered && !seen && !c.claimedBy(b):
			errs = append(errs, c.fail(clsCoveredUnobserved, &b, "", "claimed covered, but no input of the sample reaches it and no case claims it (case %q) for its replay", b.Case))
		case b.Verdict == report.Unreachable && seen:
			errs = append(errs, c.fail(clsFalseUnreachable, &b, witness, "condition %q is reached\n%s", c.sites[key].Expr, proof(b)))
		case b.Verdict == report.Unknown && c.f.sampled && seen && !isTimeout(b) && !strings.Contains(b.Reason, "concretized"):
			errs = append(errs, c.fail(clsUnknown, &b, witness, "unknown (%s), but condition %q is reached by an input of the sample", b.Reason, c.sites[key].Expr))
		case withdrawn(b) && seen:
			errs = append(errs, c.fail(clsFalseUnreachable, &b, witness, "an unreachable verdict the re-proof withdrew, but condition %q is reached", c.sites[key].Expr))
		case b.Verdict == report.Unknown && isBound(b.Reason) && seen:
			errs = append(errs, c.fail(clsUnknown, &b, witness, "said to be beyond the bound of interface inputs, but condition %q is reached by an input of the domains", c.sites[key].Expr))
		}
	}

	// Every outcome observed within the function's reach is claimed (a
	// false unreachable or an unknown is reported above), and every site of
	// the function's own body has a verdict for both outcomes.
	var keys []string
	for k := range c.sites {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s := c.sites[k]
		inReach := false
		for _, d := range c.reach {
			if c.pkg.contains(d, s) {
				inReach = true
			}
		}
		own := c.pkg.contains(c.f.decl, s)
		for _, o := range []bool{true, false} {
			_, claimed := claims[bkey{k, o}]
			obj := fmt.Sprintf("%s %v (condition %q)", k, o, s.Expr)
			if w, seen := c.obs.branches[k][o]; seen {
				if !inReach {
					errs = append(errs, disagreement{class: clsReach, row: c.row, fn: c.f.name, objective: obj, witness: w, detail: "observed outside the functions it can call: the reach computation of this test is wrong"})
				} else if !claimed {
					errs = append(errs, disagreement{class: clsNoObjective, row: c.row, fn: c.f.name, objective: obj, witness: w, detail: "reached, but the report has no objective for it"})
				}
			} else if own && !claimed {
				errs = append(errs, disagreement{class: clsMissingObjective, row: c.row, fn: c.f.name, objective: obj, detail: "a branch outcome of the function itself with no objective in the report"})
			}
		}
	}
	if entries != 1 {
		errs = append(errs, disagreement{class: clsMissingObjective, row: c.row, fn: c.f.name, detail: fmt.Sprintf("%d entry objectives, want 1", entries)})
	}
	return append(errs, c.comparePanics(panicClaims)...)
}

// comparePanics compares panic objectives by kind and source line.
func (c *comparison) comparePanics(panicClaims map[panicKey][]report.Branch) []disagreement {
	var errs []disagreement
	var pkeys []panicKey
	for k := range panicClaims {
		pkeys = append(pkeys, k)
	}
	for k := range c.obs.panics {
		if _, ok := panicClaims[k]; !ok && k.line != otherPackage {
			pkeys = append(pkeys, k)
		}
	}
	sort.Slice(pkeys, func(i, j int) bool {
		if pkeys[i].line != pkeys[j].line {
			return pkeys[i].line < pkeys[j].line
		}
		return pkeys[i].kind < pkeys[j].kind
	})
	for _, k := range pkeys {
		bs := panicClaims[k]
		witness, seen := c.obs.panics[k]
		covered, allUnreachable, accepted := false, len(bs) > 0, false
		for _, b := range bs {
			accepted = accepted || acceptedUnknown(c.f, b)
			if b.Verdict == report.Unknown && isBound(b.Reason) && seen {
				errs = append(errs, c.fail(clsUnknown, &b, witness, "said to be beyond the bound of interface inputs, but an input of the domains panics there (%s)", c.obs.messages[k]))
			}
			if b.Verdict == report.Covered {
				covered = true
				if !seen && !c.f.recovers { // a recovered panic is not seen
					errs = append(errs, c.fail(clsPanicUnobserved, &b, "", "claimed covered (case %q) but no input of the %d panics so at line %s", b.Case, c.obs.inputs, k.line))
				}
			}
			if b.Verdict != report.Unreachable {
				allUnreachable = false
			}
		}
		obj := fmt.Sprintf("panic %q at %s", k.kind, k.line)
		switch {
		case seen && allUnreachable:
			for _, b := range bs {
				errs = append(errs, c.fail(clsPanicFalseUnreachable, &b, witness, "it panics there (%s)\n%s", c.obs.messages[k], proof(b)))
			}
		case seen && !covered && len(bs) == 0:
			errs = append(errs, disagreement{class: clsPanicNoObjective, row: c.row, fn: c.f.name, objective: obj, witness: witness, detail: fmt.Sprintf("raised (%s) but the report has no objective for it", c.obs.messages[k])})
		case seen && !covered && !accepted:
			errs = append(errs, disagreement{class: clsPanicNotCovered, row: c.row, fn: c.f.name, objective: obj, witness: witness, detail: fmt.Sprintf("raised (%s) but no objective of that kind on that line is claimed covered", c.obs.messages[k])})
		}
	}
	return errs
}

// compareCases checks each case (kept or discarded) against its replay:
// every objective it claims to cover must happen when it runs alone, and it
// panics exactly when the report says so.
func (c *comparison) compareCases(rs map[string]*replayed) []disagreement {
	var errs []disagreement
	byID := map[string]report.Branch{}
	for _, b := range c.rep.Branches {
		byID[b.ID] = b
	}
	for i, cs := range c.rep.Cases {
		var in []string
		for _, a := range cs.Inputs {
			in = append(in, a.Name+"="+a.Value)
		}
		inputs := strings.Join(in, " ")
		if len(cs.Inputs) != len(c.f.params) {
			errs = append(errs, disagreement{class: clsBadReport, row: c.row, fn: c.f.name, witness: inputs, detail: fmt.Sprintf("case %q has %d inputs, the function %d", cs.Name, len(cs.Inputs), len(c.f.params))})
			continue
		}
		r := rs[replayKey(c.row, c.f.name, i)]
		if r == nil {
			errs = append(errs, disagreement{class: clsCaseReplay, row: c.row, fn: c.f.name, witness: inputs, detail: fmt.Sprintf("case %q was not replayed", cs.Name)})
			continue
		}
		// "panic" is the report's text of a panic whose value's text the
		// engine cannot tell (its type is the emitted test's to check).
		typeOnly := cs.Panic == "panic"
		if (cs.Panic != "") != (r.panic.kind != "") || cs.Panic != "" && !typeOnly && !strings.Contains(r.message, cs.Panic) {
			errs = append(errs, disagreement{class: clsCasePanic, row: c.row, fn: c.f.name, witness: inputs, verdict: "panic " + fmt.Sprintf("%q", cs.Panic),
				detail: fmt.Sprintf("case %q (discarded %v): the report says panic %q, the replay panics with %q", cs.Name, cs.Discarded, cs.Panic, r.message)})
		}
		for _, id := range cs.Covers {
			b, ok := byID[id]
			if !ok {
				errs = append(errs, disagreement{class: clsBadReport, row: c.row, fn: c.f.name, witness: inputs, detail: fmt.Sprintf("case %q covers %s, which is no objective", cs.Name, id)})
				continue
			}
			key, line, err := siteKey(b.Pos)
			if err != nil {
				continue // compare reports it
			}
			reached := false
			switch b.Outcome {
			case "true", "false":
				reached = r.outcomes[key][b.Outcome == "true"]
			case "entry":
				reached = true // every run enters the function
			default:
				// A panic the function recovers is not seen from outside.
				reached = r.panic == panicKey{b.Outcome, line} || c.f.recovers
			}
			if !reached {
				errs = append(errs, c.fail(clsCaseReplay, &b, inputs, "case %q (discarded %v) claims it, but its replay does not reach it (replay panic: %q)", cs.Name, cs.Discarded, r.message))
			}
		}
	}
	return errs
}

// claimedBy reports whether the case b names claims b among its covers
// (compareCases then checks that its replay reaches it).
func (c *comparison) claimedBy(b report.Branch) bool {
	for _, cs := range c.rep.Cases {
		if cs.Name == b.Case {
			return slices.Contains(cs.Covers, b.ID)
		}
	}
	return false
}

// selfCheck makes sure the comparison is not vacuous: it breaks a correct
// report in several ways and expects compare to object to each.
func (c *comparison) selfCheck() []disagreement {
	isBranch := func(b report.Branch) bool { return b.Outcome == "true" || b.Outcome == "false" }
	isPanic := func(b report.Branch) bool { return !isBranch(b) && b.Outcome != "entry" }
	// A function that recovers: only the panics that escape it are seen, and
	// only those mutations can be detected.
	escapes := func(b report.Branch) bool {
		_, line, err := siteKey(b.Pos)
		_, seen := c.obs.panics[panicKey{b.Outcome, line}]
		return !c.f.recovers || err == nil && seen
	}
	mutations := []struct {
		name string
		pick func(report.Branch) bool
		edit func(*report.Branch) bool // false: drop the objective
		want []string
	}{
		{"covered outcome claimed unreachable",
			func(b report.Branch) bool { return isBranch(b) && b.Verdict == report.Covered },
			func(b *report.Branch) bool { b.Verdict, b.SMT2 = report.Unreachable, "(check-sat)"; return true }, []string{clsFalseUnreachable}},
		{"unreachable outcome claimed covered",
			func(b report.Branch) bool { return isBranch(b) && b.Verdict == report.Unreachable },
			func(b *report.Branch) bool { b.Verdict = report.Covered; return true }, []string{clsCoveredUnobserved}},
		{"covered outcome dropped",
			func(b report.Branch) bool { return isBranch(b) && b.Verdict == report.Covered },
			func(b *report.Branch) bool { return false }, []string{clsNoObjective}},
		{"outcome unknown",
			func(b report.Branch) bool { return b.Verdict != report.Unknown },
			func(b *report.Branch) bool { b.Verdict, b.Reason = report.Unknown, "gave up"; return true }, []string{clsUnknown}},
		{"covered panic claimed unreachable",
			func(b report.Branch) bool { return isPanic(b) && b.Verdict == report.Covered && escapes(b) },
			func(b *report.Branch) bool { b.Verdict, b.SMT2 = report.Unreachable, "(check-sat)"; return true }, []string{clsPanicFalseUnreachable}},
		{"unreachable panic claimed covered",
			func(b report.Branch) bool { return isPanic(b) && b.Verdict == report.Unreachable && !c.f.recovers },
			func(b *report.Branch) bool { b.Verdict = report.Covered; return true }, []string{clsPanicUnobserved}},
		{"entry claimed unreachable", // when some input satisfies the precondition
			func(b report.Branch) bool { return b.Outcome == "entry" && c.obs.run > 0 },
			func(b *report.Branch) bool { b.Verdict, b.SMT2 = report.Unreachable, "(check-sat)"; return true }, []string{clsFalseUnreachable}},
		{"entry dropped",
			func(b report.Branch) bool { return b.Outcome == "entry" },
			func(b *report.Branch) bool { return false }, []string{clsMissingObjective}},
		{"covered panic dropped",
			func(b report.Branch) bool { return isPanic(b) && b.Verdict == report.Covered && escapes(b) },
			func(b *report.Branch) bool { return false }, []string{clsPanicNoObjective, clsPanicNotCovered, clsPanicFalseUnreachable}},
	}
	var errs []disagreement
	for _, m := range mutations {
		i := -1
		for j, b := range c.rep.Branches {
			if m.pick(b) {
				i = j
				break
			}
		}
		if i < 0 {
			continue
		}
		mut := *c.rep
		mut.Branches = nil
		for j, b := range c.rep.Branches {
			if j == i && !m.edit(&b) {
				continue
			}
			mut.Branches = append(mut.Branches, b)
		}
		mc := *c
		mc.rep = &mut
		found := false
		for _, d := range mc.compare() {
			for _, w := range m.want {
				found = found || d.class == w
			}
		}
		if !found {
			b := c.rep.Branches[i]
			errs = append(errs, disagreement{class: "self-check", row: c.row, fn: c.f.name, objective: b.Pos + " " + b.Outcome,
				detail: fmt.Sprintf("%s not detected (want %v)", m.name, m.want)})
		}
	}
	return errs
}

// selfCheckCases breaks the cases of a correct report and expects
// compareCases to object: a case claiming an objective its replay does not
// reach, and a case claiming a panic it does not raise or the reverse.
func (c *comparison) selfCheckCases(rs map[string]*replayed) []disagreement {
	var errs []disagreement
	try := func(name, want string, edit func(*report.Function) bool) {
		mut := *c.rep
		mut.Cases = append([]report.Case(nil), c.rep.Cases...)
		if !edit(&mut) {
			return
		}
		mc := *c
		mc.rep = &mut
		for _, d := range mc.compareCases(rs) {
			if d.class == want {
				return
			}
		}
		errs = append(errs, disagreement{class: "self-check", row: c.row, fn: c.f.name, detail: name + " not detected"})
	}
	try("a case claiming an objective it does not reach", clsCaseReplay, func(r *report.Function) bool {
		for i, cs := range r.Cases {
			covers := map[string]bool{}
			for _, id := range cs.Covers {
				covers[id] = true
			}
			for _, b := range r.Branches {
				isPanic := b.Outcome != "true" && b.Outcome != "false" && b.Outcome != "entry"
				if b.Verdict == report.Unreachable && !covers[b.ID] && !(isPanic && c.f.recovers) {
					r.Cases[i].Covers = append(append([]string(nil), cs.Covers...), b.ID)
					return true
				}
			}
		}
		return false
	})
	try("a case with the wrong panic", clsCasePanic, func(r *report.Function) bool {
		if len(r.Cases) == 0 {
			return false
		}
		if r.Cases[0].Panic == "" {
			r.Cases[0].Panic = "index out of range"
		} else {
			r.Cases[0].Panic = ""
		}
		return true
	})
	return errs
}

// agree checks that all rows give every objective of f the same verdict
// (they may differ in cost only); an accepted unknown agrees with anything.
func agree(f *function, reports map[string]map[string]*report.Function, rs []row) []disagreement {
	var errs []disagreement
	var first string
	var verdicts map[string]report.Branch
	for _, r := range rs {
		rep := reports[r.name][f.name]
		if rep == nil {
			continue
		}
		vs := map[string]report.Branch{}
		for _, b := range rep.Branches {
			vs[b.Pos+" "+b.Outcome] = b
		}
		if first == "" {
			first, verdicts = r.name, vs
			continue
		}
		keys := map[string]bool{}
		for k := range verdicts {
			keys[k] = true
		}
		for k := range vs {
			keys[k] = true
		}
		var sorted []string
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		for _, k := range sorted {
			a, inA := verdicts[k]
			b, inB := vs[k]
			switch {
			case !inA || !inB:
				errs = append(errs, disagreement{class: clsDisagree, row: r.name, fn: f.name, objective: k,
					detail: fmt.Sprintf("strategy %s has the objective: %v, strategy %s: %v", first, inA, r.name, inB)})
			case a.Verdict != b.Verdict && !acceptedUnknown(f, a) && !acceptedUnknown(f, b):
				errs = append(errs, disagreement{class: clsDisagree, row: r.name, fn: f.name, objective: k, verdict: string(b.Verdict),
					detail: fmt.Sprintf("strategy %s says %s (%s), strategy %s says %s (%s)", first, a.Verdict, a.Reason, r.name, b.Verdict, b.Reason)})
			}
		}
	}
	return errs
}

// siteKey normalises a report position "dir/file.go:line:col" to the site key
// "file.go:line:col" and the line "file.go:line".
func siteKey(pos string) (key, line string, err error) {
	p, ok := ir.ParsePos(pos)
	if !ok {
		return "", "", fmt.Errorf("bad position %q", pos)
	}
	file := filepath.Base(p.File)
	return fmt.Sprintf("%s:%d:%d", file, p.Line, p.Col), fmt.Sprintf("%s:%d", file, p.Line), nil
}

// proofCache holds Z3's answers by smt2 script: rows often print the same
// proof.
var proofCache sync.Map // string -> proofAnswer

type proofAnswer struct {
	got string
	err error
}

// stripComments drops the comment lines of an SMT-LIB2 script (the
// objective's name): the formula is the rest.
func stripComments(script string) string {
	var b strings.Builder
	for _, l := range strings.Split(script, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), ";") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// invariantProofs counts the unreachable verdicts proved by an inductive
// invariant that checkProofs checked (TestRandomPrograms' summary).
var invariantProofs atomic.Int64

// checkProofs hands the smt2 of every unreachable verdict to cvc5 (Z3 when
// cvc5 cannot decide in time; see smt_test.go), which must answer unsat.
func checkProofs(rowName string, r *report.Function) []disagreement {
	var errs []disagreement
	for _, b := range r.Branches {
		if b.Verdict != report.Unreachable || strings.TrimSpace(b.SMT2) == "" {
			continue
		}
		if strings.Contains(b.Reason, "for inputs of every length") {
			invariantProofs.Add(1)
		}
		key := stripComments(b.SMT2)
		a, ok := proofCache.Load(key)
		if !ok {
			got, err := evalSMT2(b.SMT2)
			a = proofAnswer{got, err}
			proofCache.Store(key, a)
		}
		got, err := a.(proofAnswer).got, a.(proofAnswer).err
		if err != nil || got != "unsat" {
			errs = append(errs, disagreement{class: clsProof, row: rowName, fn: r.Function, objective: fmt.Sprintf("%s %s (%s)", b.Pos, b.Outcome, b.ID), verdict: string(b.Verdict),
				detail: fmt.Sprintf("cvc5 (z3 when cvc5 cannot decide) says %q (%v)\n%s", got, err, b.SMT2)})
		}
	}
	return errs
}
