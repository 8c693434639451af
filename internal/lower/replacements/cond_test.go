// Differential test: sync.Cond against the replacement, every short sequence of operations.

package replacements

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// condOps are the operations on a Cond over a Mutex: its lock's, its own,
// a copy of the Cond taking its place, and its lock set to nil.
var condOps = []string{"Lock", "Unlock", "Signal", "Broadcast", "copy", "Wait", "nilL"}

// applyReplCond runs operation op on the replacement *c.
func applyReplCond(c **cond, op int) {
	switch op {
	case 0:
		(*c).L.Lock()
	case 1:
		(*c).L.Unlock()
	case 2:
		(*c).Signal()
	case 3:
		(*c).Broadcast()
	case 4:
		d := **c
		*c = &d
	case 5:
		(*c).Wait()
	case 6:
		(*c).L = nil
	}
}

// applyRealCond runs operation op on the real *c.
func applyRealCond(c **sync.Cond, op int) {
	switch op {
	case 0:
		(*c).L.Lock()
	case 1:
		(*c).L.Unlock()
	case 2:
		(*c).Signal()
	case 3:
		(*c).Broadcast()
	case 4:
		d := new(sync.Cond)
		reflect.ValueOf(d).Elem().Set(reflect.ValueOf(*c).Elem()) // a copy go vet lets pass
		*c = d
	case 5:
		(*c).Wait()
	case 6:
		(*c).L = nil
	}
}

// runRealCond runs ops on a real Cond in a goroutine of its own: each
// operation's panic ("" for none), or false when it blocked.
func runRealCond(ops []int) ([]string, bool) {
	return unblocked(func() []string {
		c := sync.NewCond(new(sync.Mutex))
		var out []string
		for _, op := range ops {
			out = append(out, recovered(func() { applyRealCond(&c, op) }))
		}
		return out
	})
}

func init() {
	childSeqs["cond"] = func(arg string) {
		c := sync.NewCond(new(sync.Mutex))
		for _, s := range strings.Split(arg, ",") {
			op, _ := strconv.Atoi(s)
			recovered(func() { applyRealCond(&c, op) })
		}
	}
}

// TestCond runs every sequence of up to four operations on the
// replacement and on sync.Cond: the panics of the operations the
// replacement completes must agree (the copy check, a nil lock); the
// sequences it ends with a fatal error (Wait with the lock held: no other
// goroutine signals; with it not held: the unlock of an unlocked mutex)
// must kill a child process with that error, up to two per reason.
func TestCond(t *testing.T) {
	reasons := map[fatal]int{}
	for length := 1; length <= 4; length++ {
		for _, ops := range allSeqs(length, len(condOps)) {
			c := NewCond(new(mutex))
			var got []string
			var why fatal
			at := 0
			for ; at < len(ops); at++ {
				func() {
					defer func() {
						if r := recover(); r != nil {
							why, _ = r.(fatal)
							if why == "" {
								got = append(got, recovered(func() { panic(r) }))
							}
						}
					}()
					applyReplCond(&c, ops[at])
					got = append(got, "")
				}()
				if why != "" {
					break
				}
			}
			want, ok := runRealCond(ops[:at])
			var names []string
			for _, op := range ops {
				names = append(names, condOps[op])
			}
			if !ok {
				t.Fatalf("Cond %v: the real one blocked where the replacement did not", names)
			}
			if !slices.Equal(got, want) {
				t.Errorf("Cond %v: got %q, want %q", names, got, want)
			}
			if why != "" && at == len(ops)-1 && reasons[why] < 2 {
				reasons[why]++
				checkFatal(t, "cond:"+opsArg(ops), why)
			}
		}
	}
	if len(reasons) < 2 {
		t.Errorf("Cond: fatal errors %v, want a deadlock and an unlock of an unlocked mutex", reasons)
	}
}
