// cover's go test flags: which go to go test -c, which to each run of the test binary.

package cli

import (
	"reflect"
	"strings"
	"testing"
)

func TestSplitGoTestFlags(t *testing.T) {
	g, err := splitGoTestFlags([]string{"-tags", "a,b", "-race", "--short", "-run=TestX/sub", "-count", "2", "-v=false", "-ldflags=-s -w", "-timeout", "1m"})
	if err != nil {
		t.Fatal(err)
	}
	want := goTestFlags{
		build: []string{"-tags=a,b", "-race", "-ldflags=-s -w"},
		test:  []string{"-test.short", "-test.count=2", "-test.v=false", "-test.timeout=1m"},
		run:   "TestX/sub",
	}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("got %+v, want %+v", g, want)
	}
	for _, bad := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-json"}, "-- -json: not a go test flag cover passes on"},
		{[]string{"./x"}, "-- ./x: not a go test flag"},
		{[]string{"-tags"}, "-- -tags: needs a value"},
		{[]string{"-count=0"}, `-- -count: invalid value "0": must be at least 1`},
		{[]string{"-cpu", "1,x"}, `-- -cpu: invalid value "1,x": want a list of positive integers`},
		{[]string{"-timeout", "soon"}, `-- -timeout: invalid value "soon"`},
		{[]string{"-short=maybe"}, `-- -short: invalid value "maybe"`},
		{[]string{"-shuffle", "sometimes"}, `-- -shuffle: invalid value "sometimes"`},
	} {
		_, err := splitGoTestFlags(bad.args)
		if _, usage := err.(*usageError); !usage || !strings.HasPrefix(err.Error(), bad.msg) {
			t.Errorf("%q: got %v, want a usage error starting %q", bad.args, err, bad.msg)
		}
	}
}
