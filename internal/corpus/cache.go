// Rows kept between runs: by module, version, list line, settings and the leapfrog binary's hash.
package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// cacheKey names a row in the cache: everything that shapes it but Jobs.
func cacheKey(res *Results, e Entry) string {
	s := res.Settings
	s.Jobs = 0
	material := mustJSON(struct {
		Leapfrog, Go string
		Settings     Settings
		Entry        Entry
	}{res.LeapfrogSHA256, res.Go, s, Entry{Kind: e.Kind, Path: e.Path, Version: e.Version, Patterns: e.Patterns, DropTests: e.DropTests}})
	sum := sha256.Sum256(material)
	name := strings.NewReplacer("/", "_", "@", "_").Replace(e.Name())
	return name + "-" + hex.EncodeToString(sum[:8]) + ".json"
}

// cached returns the row kept for e, or nil.
func cached(dir string, res *Results, e Entry) *ModuleResult {
	data, err := os.ReadFile(filepath.Join(dir, cacheKey(res, e)))
	if err != nil {
		return nil
	}
	var r ModuleResult
	if json.Unmarshal(data, &r) != nil {
		return nil
	}
	r.Entry = e // the line number may have moved
	return &r
}

// keep stores a finished row (not an interrupted one) in the cache.
func keep(dir string, res *Results, r *ModuleResult) error {
	if r.Status == "interrupted" || r.Status == "not run" {
		return nil
	}
	return WriteFileAtomic(filepath.Join(dir, cacheKey(res, r.Entry)), mustJSON(r))
}

// WriteFileAtomic writes data to path through a temporary file in the same
// directory, renamed into place: readers see the old file or the new one.
func WriteFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".corpus-*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), path)
}
