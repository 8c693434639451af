// errors.Is without reflection: the comparability of the target's type from an intrinsic.

package replacements

// Is replaces errors.Is.
//
// errors.Is asks internal/reflectlite whether target's dynamic type is
// comparable; reflection is not interpreted, typeComparable answers
// instead. The search of err's tree is errors.Is's: err itself, its Is
// method, then Unwrap() error or, depth first, Unwrap() []error.
func Is(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}
	return isIn(err, target, typeComparable(target))
}

// isIn reports whether target is in err's tree.
func isIn(err, target error, targetComparable bool) bool {
	for {
		if targetComparable && err == target {
			return true
		}
		if x, ok := err.(interface{ Is(error) bool }); ok && x.Is(target) {
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
				if isIn(err, target, targetComparable) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}
