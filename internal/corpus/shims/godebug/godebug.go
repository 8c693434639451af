// Stand-in for internal/godebug: settings read from $GODEBUG when asked, with no metrics.
package godebug

import (
	"os"
	"strings"
)

// A Setting is a GODEBUG setting by name.
type Setting struct{ name string }

// New returns the setting name ("#name" marks an undocumented one).
func New(name string) *Setting { return &Setting{name: name} }

// Name returns the setting's name without its "#".
func (s *Setting) Name() string { return strings.TrimPrefix(s.name, "#") }

// Undocumented reports whether the name began with "#".
func (s *Setting) Undocumented() bool { return strings.HasPrefix(s.name, "#") }

// String returns "name=value".
func (s *Setting) String() string { return s.Name() + "=" + s.Value() }

// IncNonDefault does nothing: the copy keeps no metrics.
func (s *Setting) IncNonDefault() {}

// Value returns the last value $GODEBUG gives the setting, or "".
func (s *Setting) Value() string {
	v := ""
	for _, kv := range strings.Split(os.Getenv("GODEBUG"), ",") {
		if k, val, ok := strings.Cut(kv, "="); ok && k == s.Name() {
			v = val
		}
	}
	return v
}
