package catalog

import "path/filepath"

// File is a generated file: its path and content.
type File struct {
	Path    string
	Content []byte
}

// Generated returns every file made from the catalog, with paths under
// root (the repository's root): the route table of package routes and the
// two OpenAPI documents. The README's generated parts are checked and
// written apart (see README).
func Generated(root string) ([]File, error) {
	src, err := RoutesSource()
	if err != nil {
		return nil, err
	}
	files := []File{{Path: filepath.Join(root, RoutesFile), Content: src}}
	for _, api := range []API{AgentAPI, PublicAPI} {
		doc, err := OpenAPI(api)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: filepath.Join(root, OpenAPIFiles[api]), Content: doc})
	}
	return files, nil
}
