// Differential tests: random sequences of channel operations (make, send, receive, close, len, cap, ==, select) on real channels and on queues.

package replacements

import (
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// A chanOp is one operation of a sequence on two channel variables.
type chanOp struct {
	kind  string // make, nil, alias, send, recv, recvOk, close, len, cap, eq, isNil, select
	slot  int    // the variable operated on
	size  int    // make's
	val   int    // send's
	cases []selCase
	dflt  bool // select: has a default
}

// selCase is a select's case: a send of val or a receive, on a variable.
type selCase struct {
	send bool
	slot int
	val  int
}

func (o chanOp) String() string {
	switch o.kind {
	case "make":
		return fmt.Sprintf("c%d = make(chan int, %d)", o.slot, o.size)
	case "select":
		var cs []string
		for _, c := range o.cases {
			if c.send {
				cs = append(cs, fmt.Sprintf("c%d <- %d", c.slot, c.val))
			} else {
				cs = append(cs, fmt.Sprintf("<-c%d", c.slot))
			}
		}
		if o.dflt {
			cs = append(cs, "default")
		}
		return "select{" + strings.Join(cs, "; ") + "}"
	}
	return fmt.Sprintf("%s c%d %d", o.kind, o.slot, o.val)
}

var chanKinds = []string{"make", "make", "make", "nil", "alias", "send", "send", "send", "recv", "recvOk", "recvOk", "close", "len", "cap", "eq", "isNil", "select", "select", "select"}

func randomChanOps(r *rand.Rand, n int) []chanOp {
	ops := make([]chanOp, n)
	for i := range ops {
		o := chanOp{kind: chanKinds[r.Intn(len(chanKinds))], slot: r.Intn(2), size: r.Intn(4), val: r.Intn(100)}
		if o.kind == "select" {
			for range r.Intn(4) {
				o.cases = append(o.cases, selCase{send: r.Intn(2) == 0, slot: r.Intn(2), val: r.Intn(100)})
			}
			o.dflt = r.Intn(2) == 0
		}
		ops[i] = o
	}
	return ops
}

// chanOutcome renders a recovered panic: a run-time error's message, or the
// end of the run.
func chanOutcome(r any) string {
	switch r := r.(type) {
	case unmodelled:
		if strings.HasPrefix(string(r), "select with more than one ready case") {
			return "ambiguous"
		}
		return "unmodelled: " + string(r)
	case fatal:
		return "deadlock: " + goText(r)
	case runtime.Error:
		return "panic: " + r.Error()
	}
	return fmt.Sprintf("panic of %T: %v", r, r)
}

// runQueues runs ops on queues, as the front end lowers them, and
// returns the trace of what each operation gave.
func runQueues(ops []chanOp) (trace []string) {
	var c [2]*queue[int]
	defer func() {
		if r := recover(); r != nil {
			trace = append(trace, chanOutcome(r))
		}
	}()
	for _, o := range ops {
		q := c[o.slot]
		switch o.kind {
		case "make":
			c[o.slot] = q.makeChan(o.size, makeChanLimit(8))
		case "nil":
			c[o.slot] = nil
		case "alias":
			c[o.slot] = c[1-o.slot]
		case "send":
			q.send(o.val)
		case "recv":
			v, _ := q.recv()
			trace = append(trace, fmt.Sprint(v))
		case "recvOk":
			v, ok := q.recv()
			trace = append(trace, fmt.Sprint(v, ok))
		case "close":
			q.closeChan()
		case "len":
			trace = append(trace, fmt.Sprint(q.length()))
		case "cap":
			trace = append(trace, fmt.Sprint(q.capacity()))
		case "eq":
			trace = append(trace, fmt.Sprint(c[0] == c[1]))
		case "isNil":
			trace = append(trace, fmt.Sprint(q == nil))
		case "select":
			choice := -1
			for i, sc := range o.cases {
				var ready bool
				if sc.send {
					ready = c[sc.slot].sendReady()
				} else {
					ready = c[sc.slot].recvReady()
				}
				choice = selectCase(choice, i, ready)
			}
			choice = selectDone(choice, !o.dflt)
			ok, got := false, []int{}
			for i, sc := range o.cases {
				if sc.send {
					c[sc.slot].selectSend(choice == i, sc.val)
					continue
				}
				v, rok := c[sc.slot].selectRecv(choice == i)
				ok = ok || rok
				got = append(got, v)
			}
			trace = append(trace, fmt.Sprint(choice, ok, got))
		}
	}
	return trace
}

// runChans runs ops on real channels in one goroutine. An operation that
// would block (found by a select with a default, which does it when it
// does not block) ends the run as Go's deadlock would; a select with more
// than one ready case (by what the run did: buffered values, capacity,
// the channels it closed) ends it as "ambiguous".
func runChans(ops []chanOp) (trace []string) {
	var c [2]chan int
	closed := map[chan int]bool{}
	defer func() {
		if r := recover(); r != nil {
			trace = append(trace, chanOutcome(r))
		}
	}()
	const deadlock = "deadlock: fatal error: all goroutines are asleep - deadlock!"
	for _, o := range ops {
		ch := c[o.slot]
		switch o.kind {
		case "make":
			c[o.slot] = make(chan int, o.size)
		case "nil":
			c[o.slot] = nil
		case "alias":
			c[o.slot] = c[1-o.slot]
		case "send":
			select {
			case ch <- o.val:
			default:
				return append(trace, deadlock)
			}
		case "recv":
			select {
			case v := <-ch:
				trace = append(trace, fmt.Sprint(v))
			default:
				return append(trace, deadlock)
			}
		case "recvOk":
			select {
			case v, ok := <-ch:
				trace = append(trace, fmt.Sprint(v, ok))
			default:
				return append(trace, deadlock)
			}
		case "close":
			close(ch)
			closed[ch] = true
		case "len":
			trace = append(trace, fmt.Sprint(len(ch)))
		case "cap":
			trace = append(trace, fmt.Sprint(cap(ch)))
		case "eq":
			trace = append(trace, fmt.Sprint(c[0] == c[1]))
		case "isNil":
			trace = append(trace, fmt.Sprint(ch == nil))
		case "select":
			ready := 0
			var cases []reflect.SelectCase
			for _, sc := range o.cases {
				x := c[sc.slot]
				if x != nil && (sc.send && (closed[x] || len(x) < cap(x)) || !sc.send && (len(x) > 0 || closed[x])) {
					ready++
				}
				rc := reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(x)}
				if sc.send {
					rc = reflect.SelectCase{Dir: reflect.SelectSend, Chan: reflect.ValueOf(x), Send: reflect.ValueOf(sc.val)}
				}
				cases = append(cases, rc)
			}
			if ready > 1 {
				return append(trace, "ambiguous")
			}
			cases = append(cases, reflect.SelectCase{Dir: reflect.SelectDefault})
			chosen, v, rok := reflect.Select(cases)
			if chosen == len(o.cases) {
				if !o.dflt {
					return append(trace, deadlock)
				}
				chosen = -1
			} else if ready == 0 {
				panic(fmt.Sprintf("select chose case %d, none ready", chosen))
			}
			got := []int{}
			for i, sc := range o.cases {
				switch {
				case sc.send:
				case i == chosen && v.IsValid():
					got = append(got, int(v.Int()))
				default:
					got = append(got, 0)
				}
			}
			trace = append(trace, fmt.Sprint(chosen, rok && chosen >= 0, got))
		}
	}
	return trace
}

func TestChanSequences(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	ends := map[string]int{}
	for range 20000 {
		ops := randomChanOps(r, 1+r.Intn(12))
		want, got := runChans(ops), runQueues(ops)
		if fmt.Sprint(want) != fmt.Sprint(got) {
			t.Fatalf("%v:\nreal channels %q\nqueues        %q", ops, want, got)
		}
		if len(want) > 0 {
			last := want[len(want)-1]
			if i := strings.Index(last, ":"); i > 0 {
				last = last[:i]
			}
			ends[last]++
		}
	}
	// The sequences reach every end: deadlocks, panics, ambiguous selects.
	for _, end := range []string{"deadlock", "panic", "ambiguous"} {
		if ends[end] < 100 {
			t.Errorf("only %d sequences end with %s", ends[end], end)
		}
	}
}

// TestChanPanicValues checks the run-time errors' messages and that they
// are runtime.Errors, as Go's.
func TestChanPanicValues(t *testing.T) {
	catch := func(f func()) (r any) {
		defer func() { r = recover() }()
		f()
		return nil
	}
	var nilc chan int
	var nilq *queue[int]
	closedc := make(chan int)
	close(closedc)
	closedq := nilq.makeChan(0, makeChanLimit(8))
	closedq.closeChan()
	pairs := [][2]func(){
		{func() { close(nilc) }, func() { nilq.closeChan() }},
		{func() { close(closedc) }, func() { closedq.closeChan() }},
		{func() { closedc <- 1 }, func() { closedq.send(1) }},
	}
	for _, p := range pairs {
		want, got := catch(p[0]), catch(p[1])
		we, ok1 := want.(runtime.Error)
		ge, ok2 := got.(runtime.Error)
		if !ok1 || !ok2 || we.Error() != ge.Error() || fmt.Sprint(want) != fmt.Sprint(got) {
			t.Errorf("panic %#v, want %#v", got, want)
		}
	}
}

// TestMakeChanSize checks makechan's bound: sizes out of range panic as
// Go's make does (sizes Go accepts are tried only when the buffer is
// small: a larger one would be allocated).
func TestMakeChanSize(t *testing.T) {
	catch := func(f func()) (r string) {
		defer func() {
			if x := recover(); x != nil {
				r = fmt.Sprint(x)
			}
		}()
		f()
		return ""
	}
	type big [32768]byte
	sizes := []int{-1, math.MinInt64, 0, 3, math.MaxInt64, 1 << 62, 1 << 33, 1<<33 - 1, 1 << 45, 1<<45 - 14, 1<<45 - 13}
	for _, n := range sizes {
		try := func(real func(), elemSize uint) {
			limit := makeChanLimit(elemSize)
			got := catch(func() { (*queue[byte])(nil).makeChan(n, limit) })
			if got == "" && n > 1<<20 {
				return // accepted: Go would allocate the buffer
			}
			if want := catch(real); got != want {
				t.Errorf("make(chan [%d]byte, %d): %q, want %q", elemSize, n, got, want)
			}
		}
		try(func() { _ = make(chan struct{}, n) }, 0)
		try(func() { _ = make(chan byte, n) }, 1)
		try(func() { _ = make(chan int64, n) }, 8)
		try(func() { _ = make(chan big, n) }, 32768)
	}
	// A uint64 size beyond MaxInt64 is negative as an int (makechan64).
	u := uint64(1 << 63)
	want := catch(func() { _ = make(chan byte, u) })
	if got := catch(func() { (*queue[byte])(nil).makeChan(int(u), makeChanLimit(1)) }); got != want || want == "" {
		t.Errorf("make(chan byte, 1<<63 as uint64): %q, want %q", got, want)
	}
	// The boundary itself: 1<<45-14 int64s fit in maxAlloc-hchanSize
	// bytes, 1<<45-13 do not.
	if makeChanLimit(8) != 1<<45-14 {
		t.Errorf("makeChanLimit(8) = %d", makeChanLimit(8))
	}
}

func init() {
	childSeqs["chan"] = func(arg string) {
		switch arg {
		case "send":
			c := make(chan int, 1)
			c <- 1
			c <- 2
		case "recv":
			c := make(chan int)
			<-c
		case "nil":
			var c chan int
			<-c
		case "select":
			var c chan int
			d := make(chan int)
			select {
			case <-c:
			case d <- 1:
			}
		case "range":
			c := make(chan int, 2)
			c <- 1
			for range c {
			}
		}
	}
}

// TestChanDeadlocks checks that what the queues abort as a deadlock is
// Go's fatal error in a process of its own.
func TestChanDeadlocks(t *testing.T) {
	for _, seq := range []string{"send", "recv", "nil", "select", "range"} {
		checkFatal(t, "chan:"+seq, fatal(deadlock+"...)"))
	}
}
