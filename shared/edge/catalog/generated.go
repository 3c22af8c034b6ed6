package catalog

import "path/filepath"

// File is a generated file: its path and content.
type File struct {
	Path    string
	Content []byte
}

// Generated returns every file made from the catalog, with paths under
// root (the repository's root): the route table of package routes, the
// two OpenAPI documents, the MCP function's bundle, and the README with
// its generated parts (the MCP tools table, the shapes the spec does not
// show) made anew.
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
	bundle, err := BundleFile()
	if err != nil {
		return nil, err
	}
	files = append(files, File{Path: filepath.Join(root, MCPFile), Content: bundle})
	readme, err := Readme(root)
	if err != nil {
		return nil, err
	}
	return append(files, File{Path: filepath.Join(root, ReadmeFile), Content: readme}), nil
}
