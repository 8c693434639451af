// errors.As without reflection: a body instantiated, at each call, with the type its target points to.

package replacements

// asTarget carries errors.As for a target of static type *T. errors.As
// asks internal/reflectlite for the type target points to; leapfrog
// interprets no reflection, and the front end knows that type at a call
// whose target is converted to any there (errors.As(err, &t)): it calls
// (*asTarget[T]).as instead of errors.As (lower's erroras.go), with the
// target both as any (for As methods) and as *T. A type assertion to T
// is reflectlite's AssignableTo(T) for an interface T, and for a T of
// another kind but for a dynamic type of identical underlying type and
// another name (the front end rejects the calls where one can exist: T's
// underlying type a struct with an embedded field).
type asTarget[T any] struct{}

// as is errors.As(err, target), target holding p.
func (*asTarget[T]) as(err error, target any, p *T) bool {
	if err == nil {
		return false
	}
	if p == nil {
		panic("errors: target must be a non-nil pointer")
	}
	var zero T
	if any(zero) != nil { // T is no interface type
		if _, ok := any(zero).(error); !ok {
			panic("errors: *target must be interface or implement error")
		}
	}
	return asIn(err, target, p)
}

// asIn is errors.as: the search of err's tree (err not nil), depth first.
func asIn[T any](err error, target any, p *T) bool {
	for {
		if e, ok := err.(T); ok {
			*p = e
			return true
		}
		if x, ok := err.(interface{ As(any) bool }); ok && x.As(target) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
			if err == nil {
				return false
			}
		case interface{ Unwrap() []error }:
			for _, err := range x.Unwrap() {
				if err != nil && asIn(err, target, p) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// asNoPointer is errors.As(err, target) for a target holding no pointer
// (nil included).
func asNoPointer(err error, target any) bool {
	if err == nil {
		return false
	}
	if target == nil {
		panic("errors: target cannot be nil")
	}
	panic("errors: target must be a non-nil pointer")
}
