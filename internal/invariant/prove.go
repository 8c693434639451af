// The entry points: prove an objective unreachable with an inductive invariant, and settle a report's open outcomes.

package invariant

import (
	"fmt"
	"strings"
	"time"

	"leapfrog/internal/ir"
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
		if o.If.Kind != ir.SourceBranch && o.If.Kind != ir.InternalBranch && !o.Dir {
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
	// SpacerTotal bounds Spacer's time for all the objectives of a call
	// (0: no bound but Spacer's and the deadline).
	SpacerTotal time.Duration
	Check       time.Duration // cvc5's limit per query of the certificate (0: none)
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
var DefaultOptions = Options{AbsInt: true, Spacer: 2 * time.Second, SpacerTotal: 10 * time.Second, Check: 10 * time.Second}

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

// NewProver inlines fn's callees; names, the Go variables of phis
// (lower.Target.PhiNames; nil: none), name the values in certificates.
func NewProver(fn *ir.Function, names map[*ir.Phi]string) *Prover {
	return &Prover{m: newModel(fn, names), steps: map[string]*steps{}}
}

// attempt is one objective's proof in progress.
type attempt struct {
	obj    Objective
	prob   *problem // the problem tried last
	broken bool     // no problem: the model cannot prove it (whys says why)
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
	// problem gives an attempt its problem (every reachable loop header,
	// or those reaching the objective); false when it has none.
	problem := func(a *attempt, all bool) bool {
		var err error
		if a.prob, err = p.newProblem(a.obj, all); err != nil {
			a.whys = append(a.whys, err.Error())
			a.broken = true
		}
		return !a.broken
	}
	if p.m.reject != "" {
		for _, a := range atts {
			a.whys, a.broken = []string{p.m.reject}, true
		}
	}
	// late says, for an attempt about to start, whether half the time to
	// the deadline has passed: building a problem (every region of the
	// function encoded) takes up to a second on large functions, and the
	// certificates built need the other half to be checked.
	build := opts
	if !opts.Deadline.IsZero() {
		build.Deadline = time.Now().Add(time.Until(opts.Deadline) / 2)
	}
	// Encoding the regions of an attempt stops at the same time.
	p.m.stop = build.Deadline
	defer func() { p.m.stop = time.Time{} }()
	late := func(a *attempt) bool {
		if build.within(0) < 0 {
			a.whys = append(a.whys, "no time left")
			return true
		}
		return false
	}
	if opts.AbsInt {
		if !p.done && build.within(0) >= 0 {
			// Out of time, it may be tried again with more.
			p.ai, p.aiErr = analyse(p.m, build.Deadline)
			p.done = p.aiErr != errAbsIntLate
		}
		var tried []*attempt
		for _, a := range atts {
			switch {
			case a.broken:
			case late(a):
			case p.aiErr != nil:
				a.whys = append(a.whys, string(AbsInt)+": "+p.aiErr.Error())
			case !p.ai.excludes(a.obj):
				a.whys = append(a.whys, string(AbsInt)+": the invariants found do not exclude it")
			case problem(a, true):
				inv, texts := map[*node]string{}, map[*node]string{}
				for _, c := range a.prob.cuts {
					inv[c], texts[c] = p.ai.invariant(c)
				}
				a.cert, a.method, a.texts = a.prob.certify(inv, a.obj.String()), AbsInt, texts
				tried = append(tried, a)
			}
		}
		checkAll(tried, opts)
	}
	if opts.Spacer > 0 {
		// Spacer's time for all the objectives: SpacerTotal at most.
		stop := time.Now().Add(opts.SpacerTotal)
		var tried []*attempt
		for _, a := range atts {
			if a.broken || a.result != nil {
				continue
			}
			limit := build.within(opts.Spacer)
			if opts.SpacerTotal > 0 {
				limit = min(limit, time.Until(stop))
			}
			if limit <= 0 {
				a.whys = append(a.whys, "spacer: no time left")
				continue
			}
			if late(a) || !problem(a, false) {
				continue
			}
			inv, why := a.prob.spacer(limit)
			if why != "" {
				a.whys = append(a.whys, why)
				continue
			}
			a.cert, a.method, a.texts = a.prob.certify(inv, a.obj.String()), Spacer, nil
			tried = append(tried, a)
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
		b.WriteString("; unbounded (Go's wrapping is explicit), a string or slice is its length and capacity,\n")
		b.WriteString("; a length at most 2^48 bytes (Go's largest allocation).\n")
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
