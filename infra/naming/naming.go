// Package naming holds how the CDK app names what it builds, without the
// CDK: the stack (infra/stack) and the tests that read its synthesized
// template (test/artefacts) share it.
package naming

// ConstructID turns a function's folder name ("payments-webhook") into
// the construct id the stack gives it ("PaymentsWebhook"): each word
// capitalised, hyphens and underscores dropped.
func ConstructID(name string) string {
	out := make([]byte, 0, len(name))
	upper := true
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '-' || c == '_':
			upper = true
		case upper && c >= 'a' && c <= 'z':
			out = append(out, c-'a'+'A')
			upper = false
		default:
			out = append(out, c)
			upper = false
		}
	}
	return string(out)
}
