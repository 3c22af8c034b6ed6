// Command gen writes the files made from the endpoint catalog: the route
// table of package routes, the two OpenAPI documents and the README's
// generated parts. make generate runs it from the repository's root; a
// test of package catalog fails while a file differs from what it writes.
package main

import (
	"fmt"
	"os"

	"rvcontent/shared/edge/catalog"
)

func main() {
	files, err := catalog.Generated(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	for _, f := range files {
		if err := os.WriteFile(f.Path, f.Content, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		fmt.Println("wrote", f.Path)
	}
}
