// The entry points: prove an objective unreachable with an inductive invariant, and settle a report's open outcomes.

package invariant

import (
	"fmt"
	"strings"
	"time"

	"leapfrog/internal/ir"
	"leapfrog/internal/report"
)

// Objective is what a proof is about: a side of a branch (a run-time
// check's failing side is Dir false), or an explicit panic.
type Objective struct {
	If    *ir.If
	Dir   bool
	Panic *ir.Panic
}

func (o Objective) String() string {
	if o.If != nil {
		if o.If.Kind != ir.SourceBranch {
			return fmt.Sprintf("%s %s", o.If.Pos, o.If.Kind.PanicMessage())
		}
		return fmt.Sprintf("%s %v", o.If.Pos, o.Dir)
	}
	return fmt.Sprintf("%s panic", o.Panic.Pos)
}

// Method names how an invariant was found.
type Method string

const (
	AbsInt Method = "abstract interpretation" // zones over the integer atoms (absint.go)
	Spacer Method = "Spacer"                  // Z3's Horn clause engine (spacer.go)
)

// Options choose the methods and their budgets.
type Options struct {
	AbsInt bool          // try the abstract interpretation (first)
	Spacer time.Duration // Spacer's budget per objective (0: not tried)
	Check  time.Duration // cvc5's limit per query of the certificate (0: none)
	// Deadline, when set, bounds the whole attempt: Spacer and cvc5 get
	// only what is left, and nothing starts after it.
	Deadline time.Time
}

// within returns d bounded by the time left before the deadline (-1:
// none left).
func (o Options) within(d time.Duration) time.Duration {
	if o.Deadline.IsZero() {
		return d
	}
	left := time.Until(o.Deadline)
	if left <= 0 {
		return -1
	}
	if d <= 0 || left < d {
		return left
	}
	return d
}

// DefaultOptions are the pipeline's: both methods, the abstract
// interpretation first.
var DefaultOptions = Options{AbsInt: true, Spacer: 2 * time.Second, Check: 10 * time.Second}

// Result is the outcome of one proof attempt.
type Result struct {
	Proved bool
	Method Method
	Loops  int    // the loop headers the certificate has an invariant for
	SMT2   string // the certificate: the queries, each unsat for cvc5
	Why    string // not proved: why
}

// Prover proves objectives of one function; the inlined program and the
// abstract interpretation are computed once.
type Prover struct {
	m     *model
	ai    *absint
	aiErr error
	done  bool
	steps map[string]*steps // the regions between cut points, per set of them
}

// NewProver inlines fn's callees.
func NewProver(fn *ir.Function) *Prover { return &Prover{m: newModel(fn), steps: map[string]*steps{}} }

// attempt is one objective's proof in progress.
type attempt struct {
	obj    Objective
	prob   *problem // the problem tried last
	whys   []string
	cert   *certificate // to check
	method Method
	texts  map[*node]string
	result *Result // proved
}

// Prove tries to prove obj unreachable for inputs of every length and any
// number of iterations. A proof is claimed only when cvc5 finds each of
// the certificate's queries unsat.
func (p *Prover) Prove(obj Objective, opts Options) Result {
	return p.ProveAll([]Objective{obj}, opts)[0]
}

// ProveAll proves objectives together: the abstract interpretation's
// certificates first, all checked by one cvc5 run, then Spacer's for the
// others, checked by another.
func (p *Prover) ProveAll(objs []Objective, opts Options) []Result {
	atts := make([]*attempt, len(objs))
	for i, o := range objs {
		atts[i] = &attempt{obj: o}
	}
	// open returns the attempts not proved yet, each with its problem
	// (every reachable loop header, or those reaching the objective).
	open := func(all bool) []*attempt {
		var out []*attempt
		for _, a := range atts {
			if a.result != nil || a.prob == nil && len(a.whys) > 0 {
				continue
			}
			var err error
			if a.prob, err = p.newProblem(a.obj, all); err != nil {
				a.whys = append(a.whys, err.Error())
				a.prob = nil
				continue
			}
			out = append(out, a)
		}
		return out
	}
	if opts.AbsInt {
		if !p.done {
			p.ai, p.aiErr = analyse(p.m)
			p.done = true
		}
		var tried []*attempt
		for _, a := range open(true) {
			tried = append(tried, a)
			switch {
			case p.aiErr != nil:
				a.whys = append(a.whys, string(AbsInt)+": "+p.aiErr.Error())
			case !p.ai.excludes(a.obj):
				a.whys = append(a.whys, string(AbsInt)+": the invariants found do not exclude it")
			default:
				inv, texts := map[*node]string{}, map[*node]string{}
				for _, c := range a.prob.cuts {
					inv[c], texts[c] = p.ai.invariant(c)
				}
				a.cert, a.method, a.texts = a.prob.certify(inv, a.obj.String()), AbsInt, texts
			}
		}
		checkAll(tried, opts)
	}
	if opts.Spacer > 0 {
		var tried []*attempt
		for _, a := range open(false) {
			tried = append(tried, a)
			limit := opts.within(opts.Spacer)
			if limit <= 0 {
				a.whys = append(a.whys, "spacer: no time left")
				continue
			}
			inv, why := a.prob.spacer(limit)
			if why != "" {
				a.whys = append(a.whys, why)
				continue
			}
			a.cert, a.method, a.texts = a.prob.certify(inv, a.obj.String()), Spacer, nil
		}
		checkAll(tried, opts)
	}
	res := make([]Result, len(atts))
	for i, a := range atts {
		switch {
		case a.result != nil:
			res[i] = *a.result
		case len(a.whys) == 0:
			res[i] = Result{Why: "no method tried"}
		default:
			res[i] = Result{Why: strings.Join(a.whys, "; ")}
		}
	}
	return res
}

// checkAll checks the certificates of the attempts that have one, in one
// cvc5 run; a proved attempt gets its result.
func checkAll(atts []*attempt, opts Options) {
	var certs []*certificate
	var with []*attempt
	for _, a := range atts {
		if a.cert != nil {
			certs = append(certs, a.cert)
			with = append(with, a)
		}
	}
	if len(certs) == 0 {
		return
	}
	whys := checkCertificates(certs, opts)
	for i, a := range with {
		if whys[i] != "" {
			a.whys = append(a.whys, fmt.Sprintf("%s: the certificate does not check (%s)", a.method, whys[i]))
		} else {
			a.result = &Result{Proved: true, Method: a.method, Loops: len(a.prob.cuts), SMT2: a.cert.smt2(intro(a.obj, a.prob, a.method, a.texts))}
		}
		a.cert = nil
	}
}

// intro is the comment opening a certificate.
func intro(obj Objective, p *problem, method Method, texts map[*node]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "; %s is unreachable for inputs of every length and any number of iterations.\n", obj)
	if len(p.cuts) == 0 {
		b.WriteString("; No loop lies on the way: the query below shows that no path from the entry reaches it.\n")
	} else {
		fmt.Fprintf(&b, "; The certificate is an invariant per loop header (found by %s), inductive and\n", method)
		b.WriteString("; excluding it: each query below is unsat. Initiation: the paths from the entry\n")
		b.WriteString("; establish the invariants; consecution: the paths from a header that satisfies its\n")
		b.WriteString("; invariant establish the invariant of the header they reach; safety: no path from\n")
		b.WriteString("; the entry, or from a header satisfying its invariant, reaches it. Integers are\n")
		b.WriteString("; unbounded (Go's wrapping is explicit), a string or slice is its length and capacity.\n")
		for _, c := range p.cuts {
			if t := texts[c]; t != "" {
				fmt.Fprintf(&b, ";   %s: %s\n", loopName(c), t)
			}
		}
	}
	return b.String()
}

// Eligible says whether an unknown verdict's reason is one an invariant may
// settle: a loop bound, the input length bound, a timeout of the search or
// of a solver query, a loop or an allocation's size concretized.
func Eligible(reason string) bool {
	return strings.Contains(reason, "timeout") || strings.Contains(reason, "bounded at") || strings.Contains(reason, "concretized")
}

// Settle tries to prove unreachable every unknown outcome of r whose reason
// is Eligible; objs[i] is the objective of r.Branches[i]. A proved outcome
// becomes unreachable, checked independently (by cvc5), with the
// certificate as its formula. It returns the number settled.
func Settle(fn *ir.Function, r *report.Function, objs []*Objective, opts Options) int {
	var at []int
	var todo []Objective
	for i := range r.Branches {
		b := &r.Branches[i]
		if b.Verdict == report.Unknown && objs[i] != nil && Eligible(b.Reason) {
			at = append(at, i)
			todo = append(todo, *objs[i])
		}
	}
	if len(todo) == 0 || opts.within(time.Hour) < 0 {
		return 0
	}
	settled := 0
	for k, res := range NewProver(fn).ProveAll(todo, opts) {
		if !res.Proved {
			continue
		}
		b := &r.Branches[at[k]]
		how := "the paths from the entry cannot reach it"
		switch {
		case res.Loops == 1:
			how = fmt.Sprintf("an inductive invariant at its loop's header (%s) excludes it", res.Method)
		case res.Loops > 1:
			how = fmt.Sprintf("inductive invariants at the headers of its %d loops (%s) exclude it", res.Loops, res.Method)
		}
		*b = report.Branch{ID: b.ID, Func: b.Func, Pos: b.Pos, Outcome: b.Outcome, Verdict: report.Unreachable,
			Reason:  "no run reaches it, for inputs of every length: " + how + "; cvc5 checked the certificate",
			SMT2:    res.SMT2,
			Checked: report.CheckedIndependent}
		settled++
	}
	return settled
}
