// Sections of txtar archives, for golden tests.

package testutil

import "golang.org/x/tools/txtar"

// Section returns the data of the file called name in ar, "" when absent.
func Section(ar *txtar.Archive, name string) string {
	for _, f := range ar.Files {
		if f.Name == name {
			return string(f.Data)
		}
	}
	return ""
}

// SetSection sets the data of the file called name in ar, adding it at the
// end when absent.
func SetSection(ar *txtar.Archive, name, data string) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = []byte(data)
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(data)})
}
