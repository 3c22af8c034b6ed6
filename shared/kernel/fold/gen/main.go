// Command gen writes the tables of shared/kernel/fold, one file each:
// compose_table.go, decompose_table.go and classes_table.go, the canonical
// compositions and decompositions of Unicode (from
// golang.org/x/text/unicode/norm, used here and in tests only) for the
// letters of the Latin, Greek and Cyrillic blocks, and the combining
// classes of the marks, so fold.Compose can compose what people type without linking the
// normalisation tables into every function. Run it with
//
//	go generate ./shared/kernel/fold
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"log"
	"os"
	"sort"

	"golang.org/x/text/unicode/norm"
)

// ranges are the blocks whose precomposed letters fold.Compose knows.
var ranges = [][2]rune{
	{0x00C0, 0x024F}, // Latin-1 Supplement, Latin Extended-A and -B
	{0x0370, 0x03FF}, // Greek and Coptic
	{0x0400, 0x04FF}, // Cyrillic
	{0x1E00, 0x1FFF}, // Latin Extended Additional, Greek Extended
}

// markBlocks are the blocks of combining marks whose canonical combining
// classes fold.Compose knows, to put marks in canonical order.
var markBlocks = [][2]rune{
	{0x0300, 0x036F}, // Combining Diacritical Marks
	{0x0483, 0x0489}, // Cyrillic combining marks
	{0x1AB0, 0x1AFF}, // Combining Diacritical Marks Extended
	{0x1DC0, 0x1DFF}, // Combining Diacritical Marks Supplement
	{0x20D0, 0x20FF}, // Combining Diacritical Marks for Symbols
	{0xFE20, 0xFE2F}, // Combining Half Marks
}

type pair struct{ base, mark, composed rune }

// writeDecompositions writes the canonical decomposition (NFD) of every
// character of the covered blocks that has one, and the set of those that
// NFC does not keep (singletons such as U+1F71, whose NFC is U+03AC).
func writeDecompositions(b *bytes.Buffer) {
	b.WriteString("// decompositions are the canonical decompositions (NFD) of the\n// characters of the covered blocks that have one (see Compose).\n")
	b.WriteString("var decompositions = map[rune]string{\n")
	var changed []rune
	for _, rg := range ranges {
		for r := rg[0]; r <= rg[1]; r++ {
			if d := norm.NFD.String(string(r)); d != string(r) {
				fmt.Fprintf(b, "\t%#04x: %+q,\n", r, d)
			}
			if norm.NFC.String(string(r)) != string(r) {
				changed = append(changed, r)
			}
		}
	}
	b.WriteString("}\n\n")
	b.WriteString("// unstable are the characters of the covered blocks that NFC replaces\n// even without a mark after them.\n")
	b.WriteString("var unstable = map[rune]bool{\n")
	for _, r := range changed {
		fmt.Fprintf(b, "\t%#04x: true,\n", r)
	}
	b.WriteString("}\n\n")
}

// writeClasses writes the canonical combining class of every mark of
// markBlocks and of the covered decompositions that has one.
func writeClasses(b *bytes.Buffer) {
	classes := map[rune]uint8{}
	add := func(r rune) {
		if c := norm.NFD.PropertiesString(string(r)).CCC(); c != 0 {
			classes[r] = c
		}
	}
	for _, rg := range markBlocks {
		for r := rg[0]; r <= rg[1]; r++ {
			add(r)
		}
	}
	for _, rg := range ranges {
		for r := rg[0]; r <= rg[1]; r++ {
			for _, m := range norm.NFD.String(string(r)) {
				add(m)
			}
		}
	}
	marks := make([]rune, 0, len(classes))
	for r := range classes {
		marks = append(marks, r)
	}
	sort.Slice(marks, func(i, j int) bool { return marks[i] < marks[j] })
	b.WriteString("// combiningClass is the canonical combining class of the marks Compose\n// orders; any other character counts as class 0 (a starter).\n")
	b.WriteString("var combiningClass = map[rune]uint8{\n")
	for _, r := range marks {
		fmt.Fprintf(b, "\t%#04x: %d,\n", r, classes[r])
	}
	b.WriteString("}\n\n")
}

func main() {
	var pairs []pair
	for _, rg := range ranges {
		for r := rg[0]; r <= rg[1]; r++ {
			d := []rune(norm.NFD.String(string(r)))
			if len(d) < 2 || norm.NFC.String(string(r)) != string(r) {
				continue // not a precomposed letter that NFC keeps
			}
			// The letter is its decomposition minus the last mark, composed,
			// followed by that mark: one step of canonical composition.
			prefix := []rune(norm.NFC.String(string(d[:len(d)-1])))
			if len(prefix) != 1 {
				continue
			}
			pairs = append(pairs, pair{prefix[0], d[len(d)-1], r})
		}
	}
	sort.Slice(pairs, func(i, j int) bool {
		if pairs[i].base != pairs[j].base {
			return pairs[i].base < pairs[j].base
		}
		return pairs[i].mark < pairs[j].mark
	})
	var decomposed, classes, composed bytes.Buffer
	writeDecompositions(&decomposed)
	writeClasses(&classes)
	composed.WriteString("// compositions are letter and combining mark pairs and the letter they\n// compose to, sorted by letter then mark (see Compose).\n")
	composed.WriteString("var compositions = [...]composition{\n")
	for _, p := range pairs {
		fmt.Fprintf(&composed, "\t{%#04x, %#04x, %#04x},\n", p.base, p.mark, p.composed)
	}
	composed.WriteString("}\n")
	write("decompose_table.go", decomposed.Bytes())
	write("classes_table.go", classes.Bytes())
	write("compose_table.go", composed.Bytes())
	fmt.Printf("fold: %d compositions\n", len(pairs))
}

// write writes the generated declarations decls to file, formatted.
func write(file string, decls []byte) {
	src, err := format.Source(append([]byte("// Code generated by go run ./gen; DO NOT EDIT.\n\npackage fold\n\n"), decls...))
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(file, src, 0o644); err != nil {
		log.Fatal(err)
	}
}
