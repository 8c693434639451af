// unique: Make and Handle.Value, handles canonicalised by a list of the replacement package.

package replacements

// handle replaces unique.Handle: a pointer to the canonical copy of its
// value, as unique's. The zero Handle's is nil (Value panics on it).
type handle[T comparable] struct{ value *T }

// handles holds the canonical copy of each value made (a *T for each T):
// Go's unique keeps one per value while a handle to it lives, so two
// handles compare equal exactly when their values do. A slice searched
// in order, not a map: a symbolic value is compared with each, and the
// handle found is one pointer on each path. Values holding floats or
// interfaces are rejected before (replace.go): Go may return, for +0, the
// canonical -0 made by an earlier call.
var handles []any

// makeOf carries the type parameter of Make (replace.go).
type makeOf[T comparable] struct{}

// Make replaces unique.Make.
func (makeOf[T]) Make(value T) handle[T] {
	for _, h := range handles {
		if p, ok := h.(*T); ok && *p == value {
			return handle[T]{p}
		}
	}
	p := new(T)
	*p = value
	handles = append(handles, p)
	return handle[T]{p}
}

// Value replaces (unique.Handle[T]).Value.
func (h handle[T]) Value() T { return *h.value }
