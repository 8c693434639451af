// The function under test with its callees inlined: frames, nodes, cut points, and the values each cut point carries.

package invariant

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"leapfrog/internal/cfg"
	"leapfrog/internal/ir"
)

// Inlining limits: beyond them a call is opaque (its results are any
// values of their types), which is sound unless the objective's function
// may run inside it (then no proof is attempted).
const (
	maxDepth  = 8    // nested inlined calls
	maxInstrs = 6000 // instructions of all frames together
)

// frame is one inlined instance of a function: the function under test,
// or a callee entered from a call of its parent frame.
type frame struct {
	id      int
	fn      *ir.Function
	parent  *frame
	call    *ir.Call // the call of parent that entered fn (nil for the function under test)
	depth   int
	headers map[*ir.Block]bool    // loop headers of fn
	parts   map[*ir.Block][]*node // the nodes of each block, in instruction order
	callee  map[*ir.Call]*frame   // the calls of fn that are inlined
}

// label names the frame in formulas: the function's short name, and for an
// inlined frame its number.
func (fr *frame) label() string {
	name := fr.fn.Name
	if i := strings.LastIndexAny(name, "./"); i >= 0 && !strings.HasSuffix(name, ")") {
		name = name[i+1:]
	}
	name = strings.NewReplacer("(", "", ")", "", "*", "", "\"", "", "|", "").Replace(name)
	if fr.parent == nil {
		return name
	}
	return fmt.Sprintf("%s#%d", name, fr.id)
}

// node is a run of instructions of one block of one frame, Instrs[start]
// to Instrs[end]: a block is split after each inlined call, whose callee's
// entry follows; the callee's returns lead to the node starting after the
// call (its continuation), where the call's result is defined.
type node struct {
	id         int
	fr         *frame
	b          *ir.Block
	start, end int // Instrs[end] is the block's terminator or an inlined call
	succs      []*node
	preds      []*node
	cut        bool // a loop header: its invariant is the proof's unknown
	rpo        int  // position in reverse postorder from the entry (-1: unreachable)
}

func (n *node) last() ir.Instr { return n.b.Instrs[n.end] }

// String names the node for messages and tests: "Sum.b1", "LastIndexByte#2.b3+1".
func (n *node) String() string {
	s := n.fr.label() + "." + ir.BlockLabel(n.b)
	if n.start > 0 {
		s += fmt.Sprintf("+%d", n.start)
	}
	return s
}

// vkey is an SSA value of a frame: an instruction's result, or a parameter
// of the function under test (an inlined frame's parameters are its call's
// arguments, resolved in the parent).
type vkey struct {
	fr *frame
	v  ir.Value
}

// model is the inlined program.
type model struct {
	fn     *ir.Function
	top    *frame
	frames []*frame
	nodes  []*node
	entry  *node
	cuts   []*node // loop headers, in node order
	order  []*node // reachable nodes in reverse postorder

	idom    []*node               // immediate dominators by node id (nil: entry or unreachable)
	defNode map[vkey]*node        // where each instruction value is defined
	uses    [][]vkey              // per node: the values its instructions read
	slots   map[*node][]vkey      // per cut point: the values it carries (computeSlots)
	opaque  map[*ir.Function]bool // functions that may run inside a call the model does not follow
	reject  string                // why no proof can be built on this model ("" if it can)
	// stop ends the encodings of regions (encodeRegion; zero: no
	// deadline): on a function whose callees are inlined, those of one
	// objective can take seconds.
	stop    time.Time
	targets *ir.Targets

	names  map[*ir.Phi]string // the Go variables phis stand for (nil: none known)
	vindex map[vkey]int       // a number per value, for the analysis' tables
	vkeys  []vkey             // by number; 0 is no value (the zones' zero variable)
}

// number returns the value's number (from 1), giving it one on first use.
func (m *model) number(k vkey) int {
	if i, ok := m.vindex[k]; ok {
		return i
	}
	m.vindex[k] = len(m.vkeys)
	m.vkeys = append(m.vkeys, k)
	return len(m.vkeys) - 1
}

// newModel inlines fn's callees (within the limits) and computes the cut
// points and what they carry; names are the Go variables of phis, for the
// formulas.
func newModel(fn *ir.Function, names map[*ir.Phi]string) *model {
	m := &model{fn: fn, names: names, defNode: map[vkey]*node{}, slots: map[*node][]vkey{}, opaque: map[*ir.Function]bool{}, vindex: map[vkey]int{}, vkeys: []vkey{{}}}
	if fn.Prog != nil {
		m.targets = ir.NewTargets(fn.Prog)
	}
	m.buildFrames()
	m.buildNodes()
	m.computeOrder()
	m.computeDominators()
	m.computeUses()
	m.computeOpaque()
	if m.reject == "" {
		m.computeSlots()
	}
	return m
}

func instrCount(f *ir.Function) int {
	n := 0
	for _, b := range f.Blocks {
		n += len(b.Instrs)
	}
	return n
}

// inlinable says whether a call of callee from fr is inlined.
func (m *model) inlinable(c *ir.Call, fr *frame, total int) bool {
	f := c.Callee
	if f.External || len(f.Blocks) == 0 || fr.depth+1 > maxDepth || total+instrCount(f) > maxInstrs {
		return false
	}
	if len(c.Args) != len(f.Params) || f.NumFree > 0 {
		return false
	}
	for p := fr; p != nil; p = p.parent {
		if p.fn == f {
			return false // recursion
		}
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ir.Defer, *ir.RunDefers, *ir.Recover:
				return false
			case *ir.Panic:
				// An AbortPanic stops leapfrog's run, not Go's: a
				// replacement body's "not modelled" (os.Remove returns in
				// Go). Inlined, it would leave the continuation without a
				// path, so every outcome after the call "unreachable";
				// not inlined, the call's results and effects are unknown.
				// A FatalPanic (a deadlock, an unlock of an unlocked
				// mutex) ends Go's run as well: inlined, the path ends.
				if in.Kind == ir.AbortPanic {
					return false
				}
			}
		}
	}
	return true
}

// buildFrames creates the frames breadth first, so that the limits cut the
// deepest calls.
func (m *model) buildFrames() {
	newFrame := func(fn *ir.Function, parent *frame, call *ir.Call) *frame {
		fr := &frame{id: len(m.frames), fn: fn, parent: parent, call: call,
			headers: map[*ir.Block]bool{}, parts: map[*ir.Block][]*node{}, callee: map[*ir.Call]*frame{}}
		if parent != nil {
			fr.depth = parent.depth + 1
		}
		for _, l := range cfg.Loops(fn) {
			fr.headers[l.Header] = true
		}
		m.frames = append(m.frames, fr)
		return fr
	}
	m.top = newFrame(m.fn, nil, nil)
	total := instrCount(m.fn)
	for q := 0; q < len(m.frames); q++ {
		fr := m.frames[q]
		for _, b := range fr.fn.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(*ir.Call); ok && m.inlinable(c, fr, total) {
					total += instrCount(c.Callee)
					fr.callee[c] = newFrame(c.Callee, fr, c)
				}
			}
		}
	}
}

// buildNodes splits the blocks of every frame after its inlined calls and
// links the nodes.
func (m *model) buildNodes() {
	add := func(fr *frame, b *ir.Block, start, end int) {
		n := &node{id: len(m.nodes), fr: fr, b: b, start: start, end: end, rpo: -1}
		n.cut = start == 0 && fr.headers[b]
		m.nodes = append(m.nodes, n)
		fr.parts[b] = append(fr.parts[b], n)
		if n.cut {
			m.cuts = append(m.cuts, n)
		}
	}
	for _, fr := range m.frames {
		for _, b := range fr.fn.Blocks {
			start := 0
			for i, in := range b.Instrs {
				if c, ok := in.(*ir.Call); ok && fr.callee[c] != nil {
					add(fr, b, start, i)
					start = i + 1
				}
			}
			add(fr, b, start, len(b.Instrs)-1)
		}
	}
	link := func(a, b *node) {
		a.succs = append(a.succs, b)
		b.preds = append(b.preds, a)
	}
	for _, n := range m.nodes {
		fr := n.fr
		switch t := n.last().(type) {
		case *ir.Call:
			link(n, fr.callee[t].parts[t.Callee.Blocks[0]][0])
		case *ir.If, *ir.Jump:
			for _, s := range n.b.Succs {
				link(n, fr.parts[s][0])
			}
		case *ir.Return:
			if fr.parent != nil {
				link(n, fr.parent.continuation(fr.call))
			}
		}
	}
	m.entry = m.top.parts[m.fn.Blocks[0]][0]
}

// continuation returns the node of fr starting after the inlined call c.
func (fr *frame) continuation(c *ir.Call) *node {
	for _, n := range fr.parts[c.Block()] {
		if n.start > 0 && n.b.Instrs[n.start-1] == ir.Instr(c) {
			return n
		}
	}
	panic("invariant: no continuation after an inlined call")
}

// computeOrder numbers the nodes reachable from the entry in reverse postorder.
func (m *model) computeOrder() {
	seen := make([]bool, len(m.nodes))
	var post []*node
	type item struct {
		n *node
		i int
	}
	stack := []item{{m.entry, 0}}
	seen[m.entry.id] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i < len(top.n.succs) {
			s := top.n.succs[top.i]
			top.i++
			if !seen[s.id] {
				seen[s.id] = true
				stack = append(stack, item{s, 0})
			}
			continue
		}
		post = append(post, top.n)
		stack = stack[:len(stack)-1]
	}
	for i := len(post) - 1; i >= 0; i-- {
		post[i].rpo = len(m.order)
		m.order = append(m.order, post[i])
	}
}

// computeDominators computes immediate dominators on the inlined graph
// (Cooper, Harvey and Kennedy's iteration over reverse postorder).
func (m *model) computeDominators() {
	m.idom = make([]*node, len(m.nodes))
	m.idom[m.entry.id] = m.entry
	intersect := func(a, b *node) *node {
		for a != b {
			for a.rpo > b.rpo {
				a = m.idom[a.id]
			}
			for b.rpo > a.rpo {
				b = m.idom[b.id]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, n := range m.order[1:] {
			var d *node
			for _, p := range n.preds {
				if p.rpo < 0 || m.idom[p.id] == nil {
					continue
				}
				if d == nil {
					d = p
				} else {
					d = intersect(p, d)
				}
			}
			if d != nil && m.idom[n.id] != d {
				m.idom[n.id] = d
				changed = true
			}
		}
	}
}

// dominates reports whether a dominates b (both reachable).
func (m *model) dominates(a, b *node) bool {
	for {
		if a == b {
			return true
		}
		if b == m.entry || m.idom[b.id] == nil {
			return false
		}
		b = m.idom[b.id]
	}
}

// resolve maps an operand of fr to the value it is: a parameter of an
// inlined frame is its call's argument. ok is false for a constant or a
// global (returned as the key's value).
func (m *model) resolve(fr *frame, v ir.Value) (vkey, bool) {
	for {
		switch x := v.(type) {
		case *ir.Const, *ir.Global:
			return vkey{fr, x}, false
		case *ir.Param:
			if fr.parent == nil {
				return vkey{fr, x}, true
			}
			v, fr = fr.call.Args[x.Index], fr.parent
		default:
			return vkey{fr, v}, true
		}
	}
}

// condUses adds the operands of the comparisons and logic a condition is
// made of: the abstract interpretation refines them at the branch.
func (m *model) condUses(fr *frame, v ir.Value, add func(vkey), depth int) {
	k, ok := m.resolve(fr, v)
	if !ok || depth > 4 {
		return
	}
	add(k)
	switch d := k.v.(type) {
	case *ir.BinOp:
		m.condUses(k.fr, d.X, add, depth+1)
		m.condUses(k.fr, d.Y, add, depth+1)
	case *ir.UnOp:
		m.condUses(k.fr, d.X, add, depth+1)
	case *ir.Extract:
		m.condUses(k.fr, d.X, add, depth+1)
	case *ir.Next:
		m.condUses(k.fr, d.Iter, add, depth+1)
	}
}

// computeUses records where each value is defined and which values each
// node reads.
func (m *model) computeUses() {
	m.uses = make([][]vkey, len(m.nodes))
	for _, p := range m.fn.Params {
		m.defNode[vkey{m.top, p}] = m.entry
	}
	for _, n := range m.nodes {
		seen := map[vkey]bool{}
		add := func(k vkey) {
			if !seen[k] {
				seen[k] = true
				m.uses[n.id] = append(m.uses[n.id], k)
			}
		}
		if n.start > 0 {
			c := n.b.Instrs[n.start-1].(*ir.Call)
			m.defNode[vkey{n.fr, c}] = n
		}
		for i := n.start; i <= n.end; i++ {
			in := n.b.Instrs[i]
			if _, isVal := in.(ir.Value); isVal {
				if c, ok := in.(*ir.Call); !ok || n.fr.callee[c] == nil {
					m.defNode[vkey{n.fr, in.(ir.Value)}] = n
				}
			}
			if c, ok := in.(*ir.Call); ok && n.fr.callee[c] != nil {
				continue // its arguments are read where the callee reads its parameters
			}
			for _, op := range in.Operands() {
				if k, ok := m.resolve(n.fr, op); ok {
					add(k)
				}
			}
			if t, ok := in.(*ir.If); ok {
				m.condUses(n.fr, t.Cond, add, 0)
			}
		}
	}
}

// computeOpaque collects the functions that may run inside calls the model
// does not follow (calls beyond the limits, recursive, external or
// through interfaces and function values, deferred calls), transitively,
// and rejects the model when a recover may stop a panic: a panic would then
// not end the run, as the model assumes.
func (m *model) computeOpaque() {
	var walk func(f *ir.Function)
	walk = func(f *ir.Function) {
		if m.opaque[f] {
			return
		}
		m.opaque[f] = true
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, g := range m.calls(in) {
					walk(g)
				}
			}
		}
	}
	for _, fr := range m.frames {
		for _, b := range fr.fn.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(*ir.Call); ok && fr.callee[c] != nil {
					continue
				}
				for _, g := range m.calls(in) {
					walk(g)
				}
			}
		}
	}
	check := func(f *ir.Function) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if _, ok := in.(*ir.Recover); ok && m.reject == "" {
					m.reject = fmt.Sprintf("%s calls recover: a panic may not end the run", f.Name)
				}
			}
		}
	}
	for _, fr := range m.frames {
		check(fr.fn)
	}
	fs := make([]*ir.Function, 0, len(m.opaque))
	for f := range m.opaque {
		fs = append(fs, f)
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i].Name < fs[j].Name })
	for _, f := range fs {
		check(f)
	}
}

// calls returns the functions an instruction may call.
func (m *model) calls(in ir.Instr) []*ir.Function {
	if c, ok := in.(*ir.Call); ok {
		return []*ir.Function{c.Callee}
	}
	if m.targets == nil {
		return nil
	}
	return m.targets.Of(in)
}

// computeSlots gives each cut point the values it carries: those defined
// at a node that strictly dominates it (every parameter of the function
// under test, the values computed before the loop, in the callers before
// the call) or by a phi of its block, and read at a node reachable from it,
// when their type has atoms (atoms.go).
func (m *model) computeSlots() {
	for _, h := range m.cuts {
		if h.rpo < 0 {
			continue
		}
		reach := m.reachable(h)
		seen := map[vkey]bool{}
		var slots []vkey
		for _, n := range m.order {
			if !reach[n.id] {
				continue
			}
			for _, k := range m.uses[n.id] {
				if seen[k] || len(atomsOf(k.v.Type())) == 0 {
					continue
				}
				seen[k] = true
				if m.carries(h, k) {
					slots = append(slots, k)
				}
			}
		}
		sort.Slice(slots, func(i, j int) bool { return slotLess(slots[i], slots[j]) })
		m.slots[h] = slots
	}
}

// carries reports whether the value k is available at the start of the
// cut point h.
func (m *model) carries(h *node, k vkey) bool {
	if phi, ok := k.v.(*ir.Phi); ok && k.fr == h.fr && phi.Block() == h.b {
		return true
	}
	d := m.defNode[k]
	return d != nil && d != h && d.rpo >= 0 && m.dominates(d, h)
}

func slotLess(a, b vkey) bool {
	if a.fr.id != b.fr.id {
		return a.fr.id < b.fr.id
	}
	pa, aParam := a.v.(*ir.Param)
	pb, bParam := b.v.(*ir.Param)
	switch {
	case aParam && bParam:
		return pa.Index < pb.Index
	case aParam != bParam:
		return aParam
	}
	na, _ := ir.RegisterNum(a.v)
	nb, _ := ir.RegisterNum(b.v)
	return na < nb
}

// reachable returns the nodes reachable from n (n included).
func (m *model) reachable(n *node) []bool {
	return m.closure([]*node{n}, func(x *node) []*node { return x.succs })
}

// reaching returns the nodes from which one of the targets is reachable.
func (m *model) reaching(targets []*node) []bool {
	return m.closure(targets, func(x *node) []*node { return x.preds })
}

// closure returns the nodes reachable from the starts by next.
func (m *model) closure(starts []*node, next func(*node) []*node) []bool {
	seen := make([]bool, len(m.nodes))
	stack := append([]*node(nil), starts...)
	for _, s := range starts {
		seen[s.id] = true
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range next(x) {
			if !seen[s.id] {
				seen[s.id] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}

// firstInstr returns the index of a node's first instruction after its
// block's phis.
func firstInstr(n *node) int {
	i := n.start
	for n.start == 0 && i < len(n.b.Instrs) {
		if _, ok := n.b.Instrs[i].(*ir.Phi); !ok {
			break
		}
		i++
	}
	return i
}

// valueName names a value in formulas: "b" for a parameter, "Sum.%3" for a
// register of a frame, "Sum.i%3" for a phi standing for the Go variable i.
func (m *model) valueName(k vkey) string {
	if p, ok := k.v.(*ir.Param); ok && k.fr.parent == nil {
		return p.Ident
	}
	if phi, ok := k.v.(*ir.Phi); ok && m.names[phi] != "" {
		return k.fr.label() + "." + m.names[phi] + "%" + k.v.Name()
	}
	return k.fr.label() + "." + "%" + k.v.Name()
}
