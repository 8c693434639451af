// gen_sync.go: the random program generator's calls of the runtime-backed primitives the engine replaces: sync, sync/atomic, unique, sort.Slice, the iterators of slices and maps.

package oracle

import "fmt"

// syncCall uses one of sync's, sync/atomic's or unique's primitives in a
// sequence that never deadlocks and never hits a fatal error on any input
// (Go's would kill or hang the enumeration); a negative WaitGroup counter
// panics, which is a recoverable panic like any other.
func (g *gen) syncCall() {
	c := func() int { return 1 + g.intn(30) }
	switch g.intn(9) {
	case 0:
		g.imp("sync")
		mu := g.fresh("mu")
		g.line("var %s sync.Mutex", mu)
		g.line("if %s {", g.boolExpr(1, false, false))
		g.line("\t%s.Lock()", mu)
		g.line("}")
		g.line("if %s.TryLock() {", mu)
		g.line("\tr += %d", c())
		g.line("}")
		g.line("%s.Unlock()", mu)
	case 1:
		g.imp("sync")
		g.inputLoops = true
		rw, n, i := g.fresh("rw"), g.fresh("n"), g.fresh("i")
		g.line("var %s sync.RWMutex", rw)
		g.line("%s := int(%s & 3)", n, g.intExpr(tU8, 1))
		g.line("for %s := 0; %s < %s; %s++ {", i, i, n, i)
		g.line("\t%s.RLock()", rw)
		g.line("}")
		g.line("if %s.TryLock() {", rw)
		g.line("\tr += %d", c())
		g.line("\t%s.Unlock()", rw)
		g.line("} else if %s.TryRLock() {", rw)
		g.line("\tr += int32(%s)", n)
		g.line("\t%s.RUnlock()", rw)
		g.line("} else {")
		g.line("\tr += 77 // unreachable")
		g.line("}")
		g.line("for %s := 0; %s < %s; %s++ {", i, i, n, i)
		g.line("\t%s.RUnlock()", rw)
		g.line("}")
	case 2:
		g.imp("sync")
		g.inputLoops = true
		o, k, i := g.fresh("o"), g.fresh("k"), g.fresh("i")
		g.line("var %s sync.Once", o)
		g.line("%s := 0", k)
		g.line("for %s := %s & 3; %s > 0; %s-- {", i, g.intExpr(tU8, 1), i, i)
		g.line("\t%s.Do(func() { %s++ })", o, k)
		g.line("}")
		g.line("if %s == 1 {", k)
		g.line("\tr += %d", c())
		g.line("} else if %s > 1 {", k)
		g.line("\tr += 77 // unreachable")
		g.line("}")
	case 3:
		g.imp("sync")
		f, k, v := g.fresh("f"), g.fresh("k"), g.fresh("v")
		g.line("%s := 0", k)
		want := 1
		switch g.intn(3) {
		case 0:
			g.line("%s := sync.OnceValue(func() int8 { %s++; return %s })", f, k, g.intExpr(tI8, 1))
			g.line("if %s := %s(); %s > %s && %s() == %s {", v, f, v, g.constant(tI8), f, v)
			g.line("\tr += %d", c())
			g.line("}")
		case 1:
			g.line("%s := sync.OnceValues(func() (int8, bool) { %s++; return %s, %s })", f, k, g.intExpr(tI8, 1), g.boolExpr(1, true, false))
			g.line("if %s, ok := %s(); ok && %s != %s {", v, f, v, g.constant(tI8))
			g.line("\tr += %d", c())
			g.line("}")
			g.line("%s()", f)
		default:
			want = 2
			g.line("%s := sync.OnceFunc(func() { %s += 2 })", f, k)
			g.line("%s()", f)
			g.line("if %s {", g.boolExpr(1, false, false))
			g.line("\t%s()", f)
			g.line("}")
		}
		g.line("if %s != %d {", k, want)
		g.line("\tr += 77 // unreachable")
		g.line("}")
	case 4:
		g.imp("sync")
		g.inputLoops = true
		wg, n, i := g.fresh("wg"), g.fresh("n"), g.fresh("i")
		g.line("var %s sync.WaitGroup", wg)
		g.line("%s := int(%s & 3)", n, g.intExpr(tU8, 1))
		g.line("%s.Add(%s)", wg, n)
		g.line("for %s := 0; %s < %s; %s++ {", i, i, n, i)
		g.line("\t%s.Done()", wg)
		g.line("}")
		g.line("if %s {", g.boolExpr(1, false, false))
		g.line("\t%s.Done() // a negative counter panics", wg)
		g.line("}")
		g.line("%s.Wait()", wg)
		g.line("r += int32(%s)", n)
	case 5:
		g.imp("sync")
		p, v := g.fresh("p"), g.fresh("v")
		if g.chance(0.5) {
			g.line("%s := sync.Pool{New: func() any { return %s }}", p, g.intExpr(tI8, 1))
			g.line("if %s, ok := %s.Get().(int8); ok && %s > %s {", v, p, v, g.constant(tI8))
			g.line("\tr += %d", c())
			g.line("}")
		} else {
			g.line("var %s sync.Pool", p)
			g.line("if %s.Get() != nil {", p)
			g.line("\tr += 77 // unreachable")
			g.line("}")
		}
		g.line("%s.Put(%s)", p, g.intExpr(tI8, 1))
	case 6:
		g.imp("sync")
		m := g.fresh("m")
		g.line("var %s sync.Map", m)
		// Constant keys, and one entry left for Range: what follows a
		// range over several depends on their order (random in Go), which
		// the engine leaves unknown.
		a, b := g.intn(2), 2+g.intn(2)
		g.line("%s.Store(int8(%d), int8(%s))", m, a, g.intExpr(tI8, 1))
		g.line("%s.Store(int8(%d), int8(%s))", m, b, g.operand(tI8, 1))
		key := func() string {
			if g.chance(0.5) {
				return fmt.Sprintf("%s&3", g.intExpr(tI8, 1))
			}
			return fmt.Sprintf("int8(%d)", g.intn(4))
		}
		switch g.intn(4) {
		case 0:
			g.line("if v, ok := %s.Load(%s); ok && v.(int8) > %s {", m, key(), g.constant(tI8))
		case 1:
			g.line("if _, loaded := %s.LoadOrStore(int8(%d), int8(%d)); loaded {", m, []int{a, b}[g.intn(2)], g.intn(9))
		case 2:
			g.line("if %s.CompareAndSwap(%s, int8(%d), int8(1)) {", m, key(), g.intn(4))
		default:
			g.line("if v, ok := %s.LoadAndDelete(%s); ok && v.(int8) < %s {", m, key(), g.constant(tI8))
		}
		g.line("\tr += %d", c())
		g.line("}")
		g.line("%s.Delete(int8(%d))", m, b)
		g.line("%s.Range(func(k, v any) bool { r += int32(v.(int8)); return true })", m)
	case 7:
		g.atomicCall()
	default:
		g.imp("unique")
		h1, h2 := g.fresh("h"), g.fresh("h")
		if g.chance(0.5) {
			g.line("%s := unique.Make(%s & 3)", h1, g.intExpr(tI8, 1))
			g.line("%s := unique.Make(%s & 3)", h2, g.intExpr(tI8, 1))
			g.line("if %s == %s {", h1, h2)
			g.line("\tr += int32(%s.Value()) + %d", h1, c())
			g.line("}")
		} else {
			w := g.word(alphabets[g.intn(len(alphabets))])
			g.line("%s := unique.Make(%s)", h1, w)
			g.line("if %s == unique.Make(%s) {", h1, g.needle(alphabets[g.intn(len(alphabets))]))
			g.line("\tr += %d", c())
			g.line("} else if %s.Value() != %s {", h1, w)
			g.line("\tr += 77 // unreachable")
			g.line("}")
		}
	}
}

// atomicCall uses sync/atomic's functions or typed forms.
func (g *gen) atomicCall() {
	g.imp("sync/atomic")
	c := func() int { return 1 + g.intn(30) }
	a := g.fresh("a")
	switch g.intn(5) {
	case 0:
		g.line("%s := int32(%s)", a, g.intExpr(tI8, 1))
		g.line("atomic.AddInt32(&%s, %s)", a, g.operand(tI32, 1))
		g.line("if atomic.CompareAndSwapInt32(&%s, %s, %d) {", a, g.operand(tI32, 1), g.intn(9))
		g.line("\tr += %d", c())
		g.line("}")
		g.line("if old := atomic.SwapInt32(&%s, 3); old == atomic.LoadInt32(&%s) {", a, a)
		g.line("\tr += %d", c())
		g.line("}")
		g.line("atomic.StoreInt32(&%s, %s)", a, g.operand(tI32, 1))
		g.line("r += atomic.LoadInt32(&%s)", a)
	case 1:
		g.line("%s := uint32(%s)", a, g.intExpr(tU8, 1))
		g.line("if atomic.AndUint32(&%s, uint32(%s)) > %s {", a, g.operand(tU8, 1), g.constant(tU8))
		g.line("\tr += %d", c())
		g.line("}")
		g.line("if atomic.OrUint32(&%s, 1)&1 == 0 && %s&1 == 0 {", a, a)
		g.line("\tr += 77 // unreachable")
		g.line("}")
		g.line("r += int32(atomic.AddUint32(&%s, ^uint32(0)))", a)
	case 2:
		t := []string{"Int32", "Int64", "Uint32", "Uint64"}[g.intn(4)]
		conv := map[string]string{"Int32": "int32", "Int64": "int64", "Uint32": "uint32", "Uint64": "uint64"}[t]
		src := tI8
		if t[0] == 'U' {
			src = tU8
		}
		g.line("var %s atomic.%s", a, t)
		g.line("%s.Store(%s(%s))", a, conv, g.intExpr(src, 1))
		g.line("if %s.CompareAndSwap(%s(%s), 5) {", a, conv, g.intExpr(src, 1))
		g.line("\tr += %d", c())
		g.line("}")
		g.line("if %s.Add(%d) > %d {", a, g.intn(9), g.intn(200))
		g.line("\tr += %d", c())
		g.line("}")
		g.line("r += int32(%s.Swap(1) + %s.Load())", a, a)
	case 3:
		g.line("var %s atomic.Bool", a)
		g.line("%s.Store(%s)", a, g.boolExpr(1, true, false))
		g.line("if %s.CompareAndSwap(false, true) {", a)
		g.line("\tr += %d", c())
		g.line("}")
		g.line("if !%s.Load() || %s.Swap(false) != true {", a, a)
		g.line("\tr += 77 // unreachable")
		g.line("}")
	default:
		v, p := g.fresh("v"), g.fresh("p")
		g.line("var %s atomic.Pointer[int8]", a)
		g.line("%s := %s", v, g.intExpr(tI8, 1))
		g.line("if %s {", g.boolExpr(1, false, false))
		g.line("\t%s.Store(&%s)", a, v)
		g.line("}")
		g.line("if %s := %s.Load(); %s != nil && *%s > %s {", p, a, p, p, g.constant(tI8))
		g.line("\tr += %d", c())
		g.line("} else if %s.CompareAndSwap(nil, &%s) {", a, v)
		g.line("\tr += int32(*%s.Load())", a)
		g.line("}")
	}
}

// sortIterCall sorts a slice of input values with sort.Slice or
// SliceStable, or ranges over slices' and maps' iterators (over a map of
// one entry: what follows a range over several depends on their order,
// which the engine leaves unknown, by design).
func (g *gen) sortIterCall() {
	c := func() int { return 1 + g.intn(30) }
	s := g.fresh("s")
	switch g.intn(5) {
	case 0:
		g.imp("sort")
		g.line("%s := []int8{%s, %s, %s}", s, g.intExpr(tI8, 1), g.intExpr(tI8, 1), g.operand(tI8, 1))
		op := []string{"<", ">"}[g.intn(2)]
		g.line("sort.Slice(%s, func(i, j int) bool { return %s[i] %s %s[j] })", s, s, op, s)
		g.line("if %s[0] %s %s[2] {", s, map[string]string{"<": ">", ">": "<"}[op], s)
		g.line("\tr += 77 // unreachable")
		g.line("}")
		g.ifs(func() string {
			return fmt.Sprintf("%s[%d] %s %s", s, g.intn(3), cmpOps[g.intn(len(cmpOps))], g.constant(tI8))
		})
	case 1:
		g.imp("sort")
		g.line("%s := []S1{{A: %s & 3, B: true}, {A: %s & 3}, {A: %s & 1, B: %s}}", s, g.intExpr(tI8, 1), g.intExpr(tI8, 1), g.intExpr(tI8, 1), g.boolExpr(1, true, false))
		g.line("sort.SliceStable(%s, func(i, j int) bool { return %s[i].A < %s[j].A })", s, s, s)
		g.line("if %s[0].B {", s)
		g.line("\tr += %d", c())
		g.line("}")
		g.line("if %s[1].A > %s[2].A {", s, s)
		g.line("\tr += 77 // unreachable")
		g.line("}")
	case 2:
		g.imp("slices")
		g.inputLoops = true
		i, v := g.fresh("i"), g.fresh("v")
		g.line("%s := []int8{%s, %s, %s}", s, g.intExpr(tI8, 1), g.operand(tI8, 1), g.intExpr(tI8, 1))
		it := []string{"All", "Backward"}[g.intn(2)]
		g.line("for %s, %s := range slices.%s(%s) {", i, v, it, s)
		g.line("\tif %s > %s {", v, g.constant(tI8))
		g.line("\t\tr += int32(%s) + %d", i, c())
		if g.chance(0.5) {
			g.line("\t\tbreak")
		}
		g.line("\t}")
		g.line("}")
	case 3:
		g.imp("slices")
		g.inputLoops = true
		v, t := g.fresh("v"), g.fresh("t")
		g.line("%s := []int8{%s, %s}", s, g.intExpr(tI8, 1), g.intExpr(tI8, 1))
		if g.chance(0.5) {
			g.line("%s := slices.Sorted(slices.Values(%s))", t, s)
		} else {
			g.line("%s := slices.Collect(slices.Values(%s))", t, s)
		}
		g.line("for %s := range slices.Values(%s) {", v, t)
		g.line("\tif %s == %s[0] {", v, s)
		g.line("\t\tr += %d", c())
		g.line("\t}")
		g.line("}")
		g.line("if len(%s) != 2 {", t)
		g.line("\tr += 77 // unreachable")
		g.line("}")
	default:
		// A map of one entry: over several, even of constant keys, what
		// follows a range depends on its order for the engine (unknown).
		g.imp("maps", "slices")
		g.inputLoops = true
		k, v := g.fresh("k"), g.fresh("v")
		g.line("%s := map[int8]int8{%s & 3: %s}", s, g.intExpr(tI8, 1), g.intExpr(tI8, 1))
		g.line("for %s, %s := range maps.All(%s) {", k, v, s)
		g.line("\tif %s > %s {", v, g.constant(tI8))
		g.line("\t\tr += int32(%s) + %d", k, c())
		g.line("\t}")
		g.line("}")
		g.line("if ks := slices.Collect(maps.Keys(%s)); len(ks) != 1 || %s[ks[0]] != slices.Collect(maps.Values(%s))[0] {", s, s, s)
		g.line("\tr += 77 // unreachable")
		g.line("}")
		g.line("if slices.Max(slices.Sorted(maps.Values(maps.Collect(maps.All(%s))))) > %s {", s, g.constant(tI8))
		g.line("\tr += %d", c())
		g.line("}")
	}
}
