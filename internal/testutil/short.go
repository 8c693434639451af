// The fast loop: what a test leaves out under -short.

package testutil

import "testing"

// SkipShort skips the test under -short, saying why (what makes it long)
// and that it runs in full without -short.
func SkipShort(tb testing.TB, why string) {
	tb.Helper()
	if testing.Short() {
		tb.Skipf("-short: %s; runs in full without -short", why)
	}
}
