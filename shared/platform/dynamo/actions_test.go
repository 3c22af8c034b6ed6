package dynamo

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// transactionParts are the actions IAM checks for a TransactWriteItems
// call: one per kind of part (Put, Update, Delete, ConditionCheck).
var transactionParts = []string{"dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:ConditionCheckItem"}

// TestActionsAreWhatTheAdapterCalls reads the package's source for the
// operations it sends through its client (t.Client.<Operation>) and checks
// that Actions, which the stack grants, is exactly what they need: a new
// operation without its action would be refused in AWS, an action no
// operation needs is a grant too many.
func TestActionsAreWhatTheAdapterCalls(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	need := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			op, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if client, ok := op.X.(*ast.SelectorExpr); !ok || client.Sel.Name != "Client" {
				return true
			}
			if op.Sel.Name == "TransactWriteItems" {
				for _, a := range transactionParts {
					need[a] = true
				}
			} else {
				need["dynamodb:"+op.Sel.Name] = true
			}
			return true
		})
	}
	var want []string
	for a := range need {
		want = append(want, a)
	}
	sort.Strings(want)
	got := slices.Clone(Actions)
	sort.Strings(got)
	if len(want) < 3 {
		t.Fatalf("found only %v in the package's calls: the search no longer sees them", want)
	}
	if !slices.Equal(got, want) {
		t.Errorf("Actions %v, want the operations the adapter sends: %v", got, want)
	}
}
