// Channels: chan T is a pointer to the replacement package's queue[T]; make, send, receive, close, len, cap and select are calls of its methods.

package lower

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// A channel of element type T maps to the IR type of *queue[T]
// (replacements/chan.go: the values buffered, the capacity, closed),
// named after the Go channel type ("chan main.item", a label) and Opaque:
// an input channel is bounded to nil, the only channel a test writes
// literally, and an output is asserted only when nil. Every operation is
// a call of one of queue's methods, the channel its receiver (nil for
// make): one goroutine's semantics, blocking an aborted run (a deadlock
// of the one goroutine), the run time's panics Go's. A select evaluates
// the readiness of its cases in order (go/ssa evaluated their channels
// and values before, in source order), folds it into its choice
// (selectCase: the one ready case, or none, or more than one, which
// selectDone aborts, as it does a blocking select with none), then runs
// each case's operation guarded by "chosen". A channel converted to an
// interface is rejected (dynType): fmt would print its address.

// chanQueue returns *queue[elem], a type of the replacement package.
func (l *loader) chanQueue(elem types.Type) types.Type {
	pkg := l.replacementPkg().Pkg
	if l.chanCtxt == nil {
		l.chanCtxt = types.NewContext()
	}
	q, err := types.Instantiate(l.chanCtxt, pkg.Scope().Lookup("queue").Type(), []types.Type{elem}, true)
	if err != nil {
		panic("lower: queue's instance: " + err.Error())
	}
	return types.NewPointer(q)
}

// holdsChan reports whether t is or holds (by value: fields, elements)
// a channel.
func holdsChan(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Chan:
		return true
	case *types.Array:
		return holdsChan(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsChan(u.Field(i).Type()) {
				return true
			}
		}
	}
	return false
}

// chanCall emits a call of queue's method named method for the channel
// type ct, with args (the receiver first), of IR type t (nil: the
// method's result type).
func (fl *fnLowerer) chanCall(ct types.Type, method string, pos token.Pos, t *ir.Type, args ...ir.Value) (ir.Value, error) {
	elem := ct.Underlying().(*types.Chan).Elem()
	fn := fl.l.ssa.LookupMethod(fl.l.chanQueue(elem), fl.l.replacementPkg().Pkg, method)
	return fl.replCall(fn, pos, t, args...)
}

// replCall emits a call of fn, a function of the replacement package.
func (fl *fnLowerer) replCall(fn *ssa.Function, pos token.Pos, t *ir.Type, args ...ir.Value) (ir.Value, error) {
	f, err := fl.get(fn, callSite{fl.sfn, pos})
	if err != nil {
		return nil, err
	}
	if t == nil {
		t = resultType(f)
	}
	return fl.emit(&ir.Call{Callee: f, Args: args}, t).(ir.Value), nil
}

// lowerMakeChan is make(chan T, size): size converted to int as gc does
// (int64(size), makechan64), T's size for makechan's bound.
func (fl *fnLowerer) lowerMakeChan(v *ssa.MakeChan) error {
	pos := fl.pos(v)
	t, err := fl.typeOf(v, pos)
	if err != nil {
		return err
	}
	size, err := fl.value(v.Size, pos)
	if err != nil {
		return err
	}
	if st := size.Type(); st.Kind != ir.KInt {
		return fl.l.unsupported(pos, "channel size of type %s", fl.goType(v.Size.Type()))
	} else if st.Width != 64 || !st.Signed {
		size = fl.emit(&ir.Convert{X: size}, ir.I64).(ir.Value)
	}
	elem := v.Type().Underlying().(*types.Chan).Elem()
	limit := &ir.Const{Typ: ir.U64, Val: fl.l.makeChanLimit(uint64(fl.l.types.size(elem)))}
	res, err := fl.chanCall(v.Type(), "makeChan", pos, t, zero(t), size, limit)
	if err != nil {
		return err
	}
	fl.vals[v] = res
	return nil
}

// lowerSend is ch <- x.
func (fl *fnLowerer) lowerSend(v *ssa.Send) error {
	pos := fl.pos(v)
	ops, err := fl.operands(pos, v.Chan, v.X)
	if err != nil {
		return err
	}
	_, err = fl.chanCall(v.Chan.Type(), "send", pos, nil, ops...)
	return err
}

// lowerRecv is <-ch, with or without comma-ok.
func (fl *fnLowerer) lowerRecv(v *ssa.UnOp) error {
	pos := fl.pos(v)
	ch, err := fl.value(v.X, pos)
	if err != nil {
		return err
	}
	res, err := fl.chanCall(v.X.Type(), "recv", pos, nil, ch)
	if err != nil {
		return err
	}
	if !v.CommaOk {
		res = fl.emit(&ir.Extract{X: res, Index: 0}, res.Type().Elems[0]).(ir.Value)
	}
	fl.vals[v] = res
	return nil
}

// lowerChanBuiltin is len, cap or close of a channel; done reports
// whether v is one.
func (fl *fnLowerer) lowerChanBuiltin(v *ssa.Call, name string) (done bool, err error) {
	args := v.Call.Args
	if len(args) != 1 {
		return false, nil
	}
	if _, ok := args[0].Type().Underlying().(*types.Chan); !ok {
		return false, nil
	}
	method := map[string]string{"len": "length", "cap": "capacity", "close": "closeChan"}[name]
	if method == "" {
		return false, nil
	}
	pos := fl.l.callStart(v.Pos())
	ch, err := fl.value(args[0], pos)
	if err != nil {
		return true, err
	}
	res, err := fl.chanCall(args[0].Type(), method, pos, nil, ch)
	if err != nil {
		return true, err
	}
	if name != "close" {
		fl.vals[v] = res
	}
	return true, nil
}

// lowerSelect is a select statement: its results (the chosen case's
// index, -1 for default; the received ok; the values received, one per
// receiving case) are kept for the Extracts that read them.
func (fl *fnLowerer) lowerSelect(v *ssa.Select) error {
	pos := fl.pos(v)
	chans := make([]ir.Value, len(v.States))
	sends := make([]ir.Value, len(v.States))
	choice := ir.Value(&ir.Const{Typ: ir.I64, Val: ^uint64(0)})
	selectCase := fl.l.replacementFunc("selectCase")
	for i, st := range v.States {
		ch, err := fl.value(st.Chan, pos)
		if err != nil {
			return err
		}
		chans[i] = ch
		method := "recvReady"
		if st.Dir == types.SendOnly {
			if sends[i], err = fl.value(st.Send, pos); err != nil {
				return err
			}
			method = "sendReady"
		}
		ready, err := fl.chanCall(st.Chan.Type(), method, pos, nil, ch)
		if err != nil {
			return err
		}
		if choice, err = fl.replCall(selectCase, pos, nil, choice, &ir.Const{Typ: ir.I64, Val: uint64(i)}, ready); err != nil {
			return err
		}
	}
	blocking := &ir.Const{Typ: ir.Bool}
	if v.Blocking {
		blocking.Val = 1
	}
	choice, err := fl.replCall(fl.l.replacementFunc("selectDone"), pos, nil, choice, blocking)
	if err != nil {
		return err
	}
	ok := ir.Value(&ir.Const{Typ: ir.Bool})
	results := []ir.Value{choice, nil}
	for i, st := range v.States {
		chosen := fl.binop(ir.Eq, choice, &ir.Const{Typ: ir.I64, Val: uint64(i)})
		if st.Dir == types.SendOnly {
			if _, err := fl.chanCall(st.Chan.Type(), "selectSend", pos, nil, chans[i], chosen, sends[i]); err != nil {
				return err
			}
			continue
		}
		r, err := fl.chanCall(st.Chan.Type(), "selectRecv", pos, nil, chans[i], chosen)
		if err != nil {
			return err
		}
		x := fl.emit(&ir.Extract{X: r, Index: 0}, r.Type().Elems[0]).(ir.Value)
		rok := fl.emit(&ir.Extract{X: r, Index: 1}, ir.Bool).(ir.Value)
		ok = fl.binop(ir.Or, ok, rok)
		results = append(results, x)
	}
	results[1] = ok
	if fl.selects == nil {
		fl.selects = map[*ssa.Select][]ir.Value{}
	}
	fl.selects[v] = results
	return nil
}

// makeChanLimit is replacements.makeChanLimit: the largest buffer of
// elements of elemSize bytes makechan accepts on linux/amd64 (their bytes
// at most maxAlloc less the channel's header, hchanSize: the replacement
// package's constants, tested against makechan there).
func (l *loader) makeChanLimit(elemSize uint64) uint64 {
	if elemSize == 0 {
		return ^uint64(0)
	}
	scope := l.replacementPkg().Pkg.Scope()
	c := func(name string) uint64 {
		v, _ := constant.Uint64Val(scope.Lookup(name).(*types.Const).Val())
		return v
	}
	return (c("maxAlloc") - c("hchanSize")) / elemSize
}

// selectMatchedNone returns the position of the select whose "blocking
// select matched no case" v is: go/ssa's panic after the cases of a
// select without default, which selectDone makes unreachable (it aborts
// the run of a blocking select with no ready case). It has no position
// and is no panic of the source.
func (fl *fnLowerer) selectMatchedNone(v *ssa.Panic) (token.Pos, bool) {
	if v.Pos().IsValid() || panicText(v.X) != "blocking select matched no case" {
		return token.NoPos, false
	}
	for b := v.Block(); b != nil; b = b.Idom() {
		for i := len(b.Instrs) - 1; i >= 0; i-- {
			if sel, ok := b.Instrs[i].(*ssa.Select); ok && sel.Blocking {
				return sel.Pos(), true
			}
		}
	}
	return token.NoPos, false
}

// isSelectCase reports whether v is go/ssa's test of a select's chosen
// case (index == i): a choice among the cases' bodies, which go test
// -cover and -verify's instrumenter count as no branch, so neither does
// the IR (an internal branch).
func isSelectCase(v *ssa.If) bool {
	c, ok := v.Cond.(*ssa.BinOp)
	if !ok || c.Op != token.EQL {
		return false
	}
	x, ok := c.X.(*ssa.Extract)
	if !ok || x.Index != 0 {
		return false
	}
	_, ok = x.Tuple.(*ssa.Select)
	return ok
}
