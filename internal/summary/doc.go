// Package summary is the catalogue of the standard-library functions the
// engine does not interpret but summarises, as KLEE's special-function
// handlers do: string and byte-slice searches (strings and bytes Index,
// IndexByte, IndexRune, IndexAny, LastIndex*, Contains*, Count), prefix and
// suffix tests, comparisons (Equal, Compare, EqualFold), trims and cuts
// (TrimSpace, Trim, TrimLeft, TrimRight, TrimPrefix, TrimSuffix, Cut,
// CutPrefix, CutSuffix), unicode/utf8's decoding, counting and validation,
// and unicode's rune classes (IsSpace, IsLetter, ...). It says which
// functions are summarised, what each returns on concrete values, and what
// holds of every call: the postcondition. The closed forms themselves are
// the engine's (internal/engine, summaries*.go), built over its encoding of
// strings.
//
// # Why
//
// Interpreted, each of these functions is a loop over its input: every
// iteration forks a path, and a search over a function that calls
// strings.IndexByte on an input of eight bytes explores eight paths per
// call before anything of its own. On real code most timeouts were spent
// there. Summarised, a call is one step: its results are terms over the
// argument's length and byte slots, exact for every value within the
// slots, so the search flips the caller's branches directly.
//
// # Kinds and functions
//
// A Kind is a family: the strings and bytes forms of one function, and the
// internal functions they call (internal/stringslite, internal/bytealg,
// whose assembly the front end replaces by Go bodies), share its closed
// form and its postcondition. Its Args and Results give the shapes of its
// arguments (Text: a string or a []byte, read-only; a byte; a rune) and
// results (an int, a bool, a rune, or Str: a substring of the first
// argument, which a closed form gives by its two bounds). Lookup finds the
// Func of a function by go/ssa's name, the IR's name of a function of
// another package ("strings.IndexByte", "unicode/utf8.RuneCountInString");
// the engine summarises only functions of other packages than the one
// under test (whose own branches are objectives) and only when the IR
// signature has the kind's shapes. Functions returning slices (bytes.Trim*,
// Fields) and those that write or panic (utf8.EncodeRune) are not
// summarised: they are interpreted.
//
// Func.Native runs the real function on concrete values: the engine's
// result when every argument is concrete, and the reference of the
// brute-force tests. An internal function's native is the exported one
// that computes the same.
//
// # The semantics the closed forms rest on
//
// Go's searches over runes all decode forward, as a range does: IndexRune,
// IndexAny and the Trim functions (with a cutset of ASCII bytes, a single
// byte or runes) look for the first rune start whose rune is in the set,
// Go's invalid bytes decoding to utf8.RuneError (so IndexRune(s, RuneError)
// finds an invalid byte or U+FFFD, and an invalid byte of a cutset trims
// every invalid byte). The backward searches (LastIndexAny, TrimRight,
// DecodeLastRune) decode backward, and find the same rune starts: a
// backward decoding stops at the nearest byte that is no continuation byte,
// which forward decoding never skips. EqualFold compares rune by rune
// (same number of runes, each pair in one orbit of unicode.SimpleFold). The
// rune classes are the runes 0..MaxRune the real function accepts, read off
// it once as ranges with strides (Class). The tests check all of this
// against the real functions on every input of small alphabets.
//
// # Postconditions
//
// Post gives, per kind, a formula over the atoms of a call (each
// argument's value or length, each result's value or length) that holds
// for every call whatever the lengths: -1 <= IndexByte(s, c) < len(s),
// 0 <= Count(s, sep) <= len(s) when sep is not empty, len(TrimSpace(s))
// <= len(s) (the table is Post's comment). It is declarative (And, Or,
// Not, Truth, Cmp of linear combinations) so that every encoding can use
// it: Holds evaluates it on concrete values, Term builds it as a
// bit-vector formula (the engine records it as a fact of the run, after
// each summarised call), and an encoding over mathematical integers (the
// invariant proofs) can translate it as it is. The tests check that every
// real result satisfies it.
//
// A string longer than its slots (beyond the size bound) is not covered
// by a closed form: there the engine's results are fresh variables
// constrained by the postcondition, so that a refutation never rests on
// the bound unless it says so, as with a read beyond the slots.
package summary
