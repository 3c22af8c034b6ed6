package artefacts

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"rvcontent/infra/naming"
)

// DefaultTemplate is the template `make synth` writes, relative to the
// module root.
const DefaultTemplate = "infra/cdk.out/ContentService.template.json"

// Template is the part of a synthesized CloudFormation template that runs
// the functions: its resources, and its Lambda functions by name.
type Template struct {
	// Path is the template file.
	Path string
	// Resources holds every resource by logical id.
	Resources map[string]Resource
	// Functions holds every AWS::Lambda::Function, sorted by name.
	Functions []Function
}

// Resource is one resource of the template.
type Resource struct {
	Type       string          `json:"Type"`
	Properties json.RawMessage `json:"Properties"`
	Metadata   map[string]any  `json:"Metadata"`
}

// Function is one AWS::Lambda::Function of the template.
type Function struct {
	// Name is the function's folder under functions/ ("payments-webhook").
	Name string
	// LogicalID is its logical id in the template.
	LogicalID string
	// GOARCH is the architecture it runs on: arm64 or amd64.
	GOARCH string
	// Asset is the zip the template deploys, in the template's folder; empty
	// when the code is not a file asset.
	Asset string
	// TimeoutSeconds and MemoryMB are the function's settings.
	TimeoutSeconds int
	MemoryMB       int
	// Env is Environment.Variables: each value a string or an intrinsic
	// function (see Local.Env).
	Env map[string]any
}

// lambdaProps is what LoadTemplate reads of a function's properties.
type lambdaProps struct {
	Architectures []string `json:"Architectures"`
	Timeout       int      `json:"Timeout"`
	MemorySize    int      `json:"MemorySize"`
	Environment   struct {
		Variables map[string]any `json:"Variables"`
	} `json:"Environment"`
}

// LoadTemplate reads the template at path and names each of its functions
// after the folder of functions/ it is built from. names are those folders
// (FunctionDirs). A function whose construct id matches none of them is an
// error: the CDK stack names a function's construct after its folder (see
// infra/stack/functions.go, constructID).
func LoadTemplate(path string, names []string) (*Template, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read the synthesized template (run make synth): %w", err)
	}
	var doc struct {
		Resources map[string]Resource `json:"Resources"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t := &Template{Path: path, Resources: doc.Resources}
	byConstruct := map[string]string{}
	for _, n := range names {
		byConstruct[naming.ConstructID(n)+"Function"] = n
	}
	var problems []string
	for id, r := range doc.Resources {
		if r.Type != "AWS::Lambda::Function" {
			continue
		}
		cdkPath, _ := r.Metadata["aws:cdk:path"].(string)
		parts := strings.Split(cdkPath, "/")
		name := ""
		if len(parts) >= 2 {
			name = byConstruct[parts[len(parts)-2]]
		}
		if name == "" {
			problems = append(problems, fmt.Sprintf("function %s (construct path %q) matches no folder of functions/ %v", id, cdkPath, names))
			continue
		}
		var p lambdaProps
		if err := json.Unmarshal(r.Properties, &p); err != nil {
			return nil, fmt.Errorf("%s: function %s: %w", path, id, err)
		}
		f := Function{Name: name, LogicalID: id, GOARCH: "amd64", TimeoutSeconds: p.Timeout, MemoryMB: p.MemorySize, Env: p.Environment.Variables}
		if len(p.Architectures) > 0 && p.Architectures[0] == "arm64" {
			f.GOARCH = "arm64"
		}
		if a, _ := r.Metadata["aws:asset:path"].(string); a != "" {
			f.Asset = filepath.Join(filepath.Dir(path), a)
		}
		t.Functions = append(t.Functions, f)
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return nil, errors.New(strings.Join(problems, "\n"))
	}
	if len(t.Functions) == 0 {
		return nil, fmt.Errorf("%s has no AWS::Lambda::Function", path)
	}
	sort.Slice(t.Functions, func(i, j int) bool { return t.Functions[i].Name < t.Functions[j].Name })
	return t, nil
}

// FindTemplate returns the template to read: $TEMPLATE when set, else
// DefaultTemplate under root, else the one *.template.json of
// root/infra/cdk.out (a stack synthesized under another stackName).
func FindTemplate(root string) (string, error) {
	if p := os.Getenv("TEMPLATE"); p != "" {
		return p, nil
	}
	p := filepath.Join(root, DefaultTemplate)
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	found, _ := filepath.Glob(filepath.Join(root, "infra", "cdk.out", "*.template.json"))
	if len(found) == 1 {
		return found[0], nil
	}
	return "", fmt.Errorf("no synthesized template %s (run make synth), and %d others in infra/cdk.out", p, len(found))
}

// Names returns the names of the template's functions, sorted.
func (t *Template) Names() []string {
	var out []string
	for _, f := range t.Functions {
		out = append(out, f.Name)
	}
	return out
}

// ModuleRoot returns the folder of the module's go.mod, searching up from
// the working directory.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// FunctionDirs returns the folders of root/functions that hold a main.go,
// sorted: the functions infra/buildfns builds.
func FunctionDirs(root string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(root, "functions"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(root, "functions", e.Name(), "main.go")); e.IsDir() && err == nil {
			names = append(names, e.Name())
		}
	}
	return names, nil
}
