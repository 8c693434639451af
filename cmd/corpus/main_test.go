// Tests of the command line: bad flags are one line and exit 2, before anything runs.
package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-only", "("}, 2, "corpus: -only: error parsing regexp"},
		{[]string{"-j", "0"}, 2, "must not be negative"},
		{[]string{"extra"}, 2, `corpus: unexpected argument "extra"`},
		{[]string{"-nosuchflag"}, 2, "flag provided but not defined"},
		{[]string{"-list", "/nonexistent/list.txt"}, 1, "corpus: -list: open /nonexistent/list.txt"},
		{[]string{"-json", "/nonexistent/dir/c.json"}, 1, "corpus: -json: /nonexistent/dir: no such directory"},
		{[]string{"-h"}, 0, "usage: go run ./cmd/corpus"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != c.code || !strings.Contains(stderr.String(), c.want) || stdout.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", c.args, code, stderr.String(), c.code, c.want)
		}
	}
}
