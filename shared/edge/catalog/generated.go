package catalog

import "path/filepath"

// File is a generated file: its path and content.
type File struct {
	Path    string
	Content []byte
}

// Generated returns every file made from the catalog, with paths under
// root (the repository's root). Files only partly generated (the README)
// are read from root and returned with their generated parts replaced.
func Generated(root string) ([]File, error) {
	src, err := RoutesSource()
	if err != nil {
		return nil, err
	}
	return []File{{Path: filepath.Join(root, RoutesFile), Content: src}}, nil
}
