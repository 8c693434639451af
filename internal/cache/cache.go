// The cache directory: an entry per key, written atomically, checked when read.

package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"reflect"

	"leapfrog/internal/analysis"
)

// Cache is a directory of analyses, one file per key.
type Cache struct {
	dir  string
	tool []byte // what identifies this build of leapfrog (Tool)
}

// Default is the cache directory when none is given: leapfrog under the
// user's cache directory (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on
// Linux).
func Default() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "leapfrog"), nil
}

// Open opens (creating it if need be) the cache in dir for the build of
// leapfrog whose version is version.
func Open(dir, version string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	tool, err := Tool(version)
	if err != nil {
		return nil, err
	}
	return &Cache{dir: dir, tool: tool}, nil
}

// Dir is the cache's directory.
func (c *Cache) Dir() string { return c.dir }

// magic starts every entry; a format change changes it.
const magic = "leapfrog analysis cache 1\n"

// path is the file of an entry.
func (c *Cache) path(k Key) string {
	h := hex.EncodeToString(k[:])
	return filepath.Join(c.dir, h[:2], h+"-a")
}

// Load returns the analysis stored under k: nil and no error when there is
// none; an error when the entry cannot be read or is not what Store wrote
// (the caller warns, analyses, and stores the result over it).
func (c *Cache) Load(k Key) (*analysis.Result, error) {
	data, err := os.ReadFile(c.path(k))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	// magic, the key, the payload, the payload's SHA-256.
	if len(data) < len(magic)+2*sha256.Size || string(data[:len(magic)]) != magic ||
		!bytes.Equal(data[len(magic):len(magic)+sha256.Size], k[:]) {
		return nil, fmt.Errorf("%s: %w", c.path(k), errCorrupt)
	}
	payload := data[len(magic)+sha256.Size : len(data)-sha256.Size]
	if sum := sha256.Sum256(payload); !bytes.Equal(sum[:], data[len(data)-sha256.Size:]) {
		return nil, fmt.Errorf("%s: %w (checksum)", c.path(k), errCorrupt)
	}
	var r analysis.Result
	if err := decode(payload, &r); err != nil || r.Result == nil {
		return nil, fmt.Errorf("%s: %w", c.path(k), errCorrupt)
	}
	return &r, nil
}

// Store writes r under k atomically (a temporary file renamed into place:
// a concurrent run reads the old entry, the new one, or none). A result the
// codec cannot write back exactly is not stored, and the error says why.
func (c *Cache) Store(k Key, r *analysis.Result) error {
	payload, err := encode(r)
	if err != nil {
		return err
	}
	var back analysis.Result
	if err := decode(payload, &back); err != nil || !reflect.DeepEqual(&back, r) {
		return fmt.Errorf("cache: the analysis of %s does not read back as written: not stored", r.Function)
	}
	sum := sha256.Sum256(payload)
	data := make([]byte, 0, len(magic)+len(k)+len(payload)+len(sum))
	data = append(append(append(append(data, magic...), k[:]...), payload...), sum[:]...)
	p := c.path(k)
	if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, p)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
