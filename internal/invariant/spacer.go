// Invariants from constrained Horn clauses: the regions as rules, solved by Z3's Spacer engine.

package invariant

import (
	"fmt"
	"strings"
	"time"

	"leapfrog/internal/solver/z3"
)

// goalName is the relation standing for "the objective is reached".
const goalName = "objective reached"

// hornRules renders the problem as Horn clauses: a relation per cut point
// over its params; a rule per region and target (the region's facts, the
// start's relation, the target reached, imply the target's relation on
// the state it is reached with); a rule per region reaching the objective
// (implying the goal).
func (p *problem) hornRules() ([]z3.Relation, string) {
	var rels []z3.Relation
	for _, c := range p.cuts {
		r := z3.Relation{Name: strings.Trim(predName(c), "|")}
		for _, v := range p.params(c) {
			r.Sorts = append(r.Sorts, v.sort)
			r.Args = append(r.Args, strings.Trim(v.name, "|"))
		}
		rels = append(rels, r)
	}
	var b strings.Builder
	rule := func(vars []smtVar, body []string, head string) {
		impl := fmt.Sprintf("(=> (and true %s) %s)", strings.Join(body, " "), head)
		if len(vars) == 0 {
			fmt.Fprintf(&b, "(assert %s)\n", impl)
			return
		}
		var vs []string
		for _, v := range vars {
			vs = append(vs, "("+v.name+" "+v.sort+")")
		}
		fmt.Fprintf(&b, "(assert (forall (%s)\n  %s))\n", strings.Join(vs, " "), impl)
	}
	body := func(r *region) []string {
		b := append([]string(nil), r.facts...)
		if r.from != p.m.entry {
			b = append(b, apply(r.from, r.state))
		}
		return b
	}
	steps := []*region{p.steps.entry}
	for _, c := range p.cuts {
		steps = append(steps, p.steps.regions[c])
	}
	for _, r := range steps {
		body := body(r)
		for i, t := range r.targets {
			vars := append([]smtVar(nil), r.vars...)
			var heads []string
			extra := []string{t.reach}
			for j, s := range t.state {
				ps := p.params(t.to)
				h := fmt.Sprintf("|%shead%d.%d|", r.pre, i, j)
				vars = append(vars, smtVar{h, ps[j].sort})
				heads = append(heads, h)
				extra = append(extra, "(= "+h+" "+s+")")
			}
			rule(vars, append(append([]string(nil), body...), extra...), apply(t.to, heads))
		}
	}
	for _, r := range p.safe {
		if r.obj != "" {
			rule(r.vars, append(body(r), r.obj), "|"+goalName+"|")
		}
	}
	return rels, b.String()
}

// spacer asks Spacer for invariants excluding the objective.
func (p *problem) spacer(timeout time.Duration) (map[*node]string, string) {
	rels, rules := p.hornRules()
	res, err := z3.SolveHorn(rels, goalName, rules, timeout)
	if err != nil {
		return nil, "spacer: " + err.Error()
	}
	switch res.Status {
	case z3.HornReachable:
		return nil, "spacer: the encoding reaches it"
	case z3.HornUnknown:
		if res.Reason == "" || res.Reason == "ok" {
			return nil, "spacer: no answer within its budget"
		}
		return nil, "spacer: " + res.Reason
	}
	inv := map[*node]string{}
	for i, c := range p.cuts {
		inv[c] = res.Interp[i]
	}
	return inv, ""
}
