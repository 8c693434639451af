// Differential test: structs with fields of function types the IR cannot map (opaque, always nil) and of channel types (nil inputs), against the compiled program.

package engine

import (
	"fmt"
	"strings"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
)

const opaqueSrc = `package main

import (
	"fmt"
	"net/http"
)

type item struct{ n int }

type Lexer struct {
	input string
	pos   int
	items chan item
	state func(*http.Request) int
	next  *Lexer
}

// Step copies, compares and walks lexers whose channel and handler stay
// nil, as nothing here sets them.
func Step(s string, pos int, chain bool) (int, bool, byte) {
	lx := &Lexer{input: s, pos: pos}
	if chain {
		lx.next = &Lexer{input: s + "!", pos: pos + 1}
	}
	cp := *lx
	cp.pos++
	t1, t2 := Tok{n: pos}, Tok{n: len(s)}
	same := t1 == t2
	var b byte
	for l := lx; l != nil; l = l.next {
		if l.pos >= 0 && l.pos < len(l.input) {
			b += l.input[l.pos]
		}
	}
	t2.n = cp.pos - 1
	return cp.pos, same || t1 == t2, b
}

// Tok is comparable: its channel is compared by identity, nil to nil.
type Tok struct {
	n    int
	done chan bool
}

func HasItems(lx *Lexer) bool { return lx.items != nil }

func Emit(lx *Lexer) { lx.items <- item{lx.pos} }

func Handle(lx *Lexer) int { return lx.state(nil) }

func main() {
	for _, s := range []string{"", "ab", "xyz"} {
		for pos := -1; pos <= 3; pos++ {
			for _, chain := range []bool{false, true} {
				fmt.Println(Step(s, pos, chain))
			}
		}
	}
}
`

// TestOpaqueFieldsAgainstGo runs Step in the engine on every input of the
// compiled program (same results), and checks that the functions using
// the channel are accepted (lower's chans.go): an input's channel is nil,
// a send on it the one goroutine's deadlock.
func TestOpaqueFieldsAgainstGo(t *testing.T) {
	dir, want := runProgram(t, opaqueSrc)
	res, err := lower.Load(dir, []string{"Step", "HasItems", "Emit", "Handle"})
	if err != nil {
		t.Fatal(err)
	}
	// Handle too: *http.Request, whose Cancel is a channel, now maps, and
	// so does the field's function type.
	if len(res.Errors) != 0 || len(res.Targets) != 4 || res.Targets[0].Name != "Step" || res.Targets[1].Name != "HasItems" || res.Targets[2].Name != "Emit" {
		t.Fatalf("want Step, HasItems, Emit and Handle accepted: %v, %d targets", res.Errors, len(res.Targets))
	}
	for _, tg := range res.Targets {
		if err := ir.Check(tg.Prog); err != nil {
			t.Fatal(err)
		}
	}
	e := New(expr.NewBuilder(), 10)
	lxModel := map[string]uint64{"lx#nil": 0}
	if p := e.Run(res.Targets[1].Func, lxModel); p.Aborted != "" || len(p.Outputs) == 0 || p.Outputs[0].Bits != 0 {
		t.Errorf("HasItems(&Lexer{}): aborted %q, outputs %v; want false", p.Aborted, p.Outputs)
	}
	if p := e.Run(res.Targets[2].Func, lxModel); !strings.Contains(p.Aborted, "all goroutines are asleep - deadlock!") {
		t.Errorf("Emit(&Lexer{}): aborted %q, want Go's deadlock", p.Aborted)
	}
	k := 0
	for _, s := range []string{"", "ab", "xyz"} {
		for pos := -1; pos <= 3; pos++ {
			for _, chain := range []bool{false, true} {
				model := map[string]uint64{"s#len": uint64(len(s)), "pos": uint64(int64(pos)), "chain": b2u(chain)}
				for i := range len(s) {
					model[fmt.Sprintf("s[%d]", i)] = uint64(s[i])
				}
				p := e.Run(res.Targets[0].Func, model)
				got := fmt.Sprintf("aborted %q, panic %q", p.Aborted, p.Panic)
				if p.Aborted == "" && p.Panic == "" {
					got = fmt.Sprint(int64(p.Outputs[0].Bits), " ", p.Outputs[1].Bits == 1, " ", uint8(p.Outputs[2].Bits))
				}
				if got != want[k] {
					t.Errorf("Step(%q, %d, %v): got %s, want %s", s, pos, chain, got, want[k])
				}
				k++
			}
		}
	}
}
