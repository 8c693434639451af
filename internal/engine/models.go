// Out-of-context execution of one loop iteration, for inferring concretization models.

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// OOCVar is a fresh symbol standing for a value live at a loop's entry during
// an out-of-context iteration.
type OOCVar struct {
	Name  string   // the symbol's name ("ooc1.i")
	Value ir.Value // the header phi, parameter or outer value it stands for
	Go    string   // the Go variable name, "" when unknown
}

// RunIteration executes one iteration of loop id out of context (paper §4):
// control starts at the loop header with a fresh symbol for every value the
// iteration reads that is defined outside it (header phis, parameters, values
// computed before the loop), and stops when it goes back to the header or
// leaves the loop (or returns, or panics). With dirs, the first branches go
// the given ways (as RunForced). The fresh symbols are listed by OOCVars.
func (e *Engine) RunIteration(id LoopID, model map[string]uint64, dirs []bool) (path *Path) {
	li := e.loopInfo(id.Fn)
	l := li.order[id.Num-1]
	m := &machine{Engine: e, path: &Path{Conflict: -1}, root: id.Fn, ooc: l, oocModel: model, model: model, forced: dirs, force: dirs != nil}
	args := make([]val, len(id.Fn.Params))
	for i, p := range id.Fn.Params {
		args[i] = m.fresh(p, p.Ident)
	}
	defer func() {
		if r := recover(); r != nil {
			switch r := r.(type) {
			case stopRun:
				m.path.Stopped = true
			case runError:
				m.path.Aborted = string(r)
			default:
				panic(r)
			}
		}
		path = m.path
	}()
	m.call(id.Fn, args, 0)
	return m.path
}

// OOCVars lists the fresh symbols created so far for loop id's out-of-context runs.
func (e *Engine) OOCVars(id LoopID) []OOCVar { return e.ooc[id] }

// fresh returns a fresh symbolic value for v (out-of-context mode); the same
// value always gets the same symbol.
func (m *machine) fresh(v ir.Value, goName string) val {
	id := LoopID{m.ooc.Header.Func, m.ooc.Number}
	if m.Engine.ooc == nil {
		m.Engine.ooc = map[LoopID][]OOCVar{}
	}
	name := ""
	for _, x := range m.Engine.ooc[id] {
		if x.Value == v {
			name = x.Name
		}
	}
	if name == "" {
		base := goName
		if base == "" {
			base = "v" + v.Name()
		}
		name = fmt.Sprintf("ooc%d.%s", id.Num, base)
		for _, x := range m.Engine.ooc[id] {
			if x.Name == name {
				name = fmt.Sprintf("ooc%d.%s#%s", id.Num, base, v.Name())
			}
		}
		m.Engine.ooc[id] = append(m.Engine.ooc[id], OOCVar{Name: name, Value: v, Go: goName})
	}
	saved := m.model
	m.model = m.oocModel
	defer func() { m.model = saved }()
	f := &facts{holds: true}
	t := v.Type()
	if t.Kind == ir.KPointer {
		return &ptr{obj: &object{v: m.input(ir.LoopValuePath(name), t.Elem, 1, f)}}
	}
	return m.input(ir.LoopValuePath(name), t, 0, f)
}

// oocValue supplies, in out-of-context mode, a value of the loop's function
// that the iteration reads but that was not computed in it.
func (m *machine) oocValue(fr *frame, v ir.Value) (val, bool) {
	if m.ooc == nil || fr.fn != m.ooc.Header.Func {
		return nil, false
	}
	name := ""
	if phi, ok := v.(*ir.Phi); ok {
		name = m.LoopCfg.PhiNames[phi]
	}
	x := m.fresh(v, name)
	m.set(fr, v, x)
	return x, true
}

// oocStop reports whether an out-of-context iteration ends on the edge prev→b.
func (m *machine) oocStop(fn *ir.Function, b *ir.Block, depth int) bool {
	return m.ooc != nil && depth == 0 && fn == m.ooc.Header.Func && (b == m.ooc.Header || !m.ooc.Contains(b))
}

// ModelTerm is the constraint "the entry values equal one of the models" over
// given terms for the model variables (used by the search to check models
// against a loop-entry context).
func (e *Engine) ModelTerm(ms *ModelSet, entry map[ir.Value]*expr.Term) *expr.Term {
	var disj []*expr.Term
	for _, md := range ms.Models {
		var conj []*expr.Term
		for j, v := range md.Vars {
			w := 0
			if t := v.Type(); t.Kind == ir.KInt {
				w = t.Width
			}
			conj = append(conj, e.B.Eq(entry[v], e.B.Const(w, md.Vals[j]&expr.Mask(w))))
		}
		disj = append(disj, e.B.And(conj...))
	}
	return e.B.Or(disj...)
}

// ModelVars lists the variables of a model set, in first-use order (the order
// of the entry terms given to LoopSettings.Refine).
func ModelVars(ms *ModelSet) []ir.Value { return modelVars(ms) }
