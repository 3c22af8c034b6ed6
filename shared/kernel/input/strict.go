package input

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"rvcontent/shared/kernel/apperr"
)

// errLoneSurrogate refuses a body with a string escape that names half of
// a UTF-16 surrogate pair: no character, which Go's decoder would turn
// into U+FFFD without a word.
var errLoneSurrogate = apperr.New(apperr.BadRequest, `The request body is not valid JSON: a \u escape in it stands for half of a surrogate pair, which is no character and cannot be UTF-8 text. Write a character outside the Basic Multilingual Plane as its pair of escapes, or send it as UTF-8.`)

// unambiguous returns the bad_request refusal of a JSON text (already
// known to be valid JSON in UTF-8) that would be read otherwise than as
// sent: a string escape of half a surrogate pair, or an object that names
// a field twice (RFC 8259 4: a receiver may read either value, so the
// service, the caller's library and anything between them could disagree
// on what was sent). It returns nil for any other text.
func unambiguous(body []byte) error {
	if loneSurrogate(body) {
		return errLoneSurrogate
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if field, ok := repeatedName(dec, nil); ok {
		return apperr.New(apperr.BadRequest, fmt.Sprintf("The request body is not valid JSON: it names the field %q twice. Send each field once.", field))
	}
	return nil
}

// Unambiguous is the same judgement of JSON text that reaches the API
// otherwise than as a request body (an MCP tool call's arguments, which
// become the request's path, query and body): nil, or the bad_request
// refusal of valid JSON that would be read otherwise than as sent.
func Unambiguous(text []byte) error { return unambiguous(text) }

// RepeatedName returns the first field name some object in valid JSON
// text repeats, named as the input's problems name fields under path
// (params.name, tags[2].x), and whether there is one.
func RepeatedName(text []byte, path string) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var at fieldPath
	if path != "" {
		at = fieldPath{path}
	}
	return repeatedName(dec, at)
}

// loneSurrogate reports whether valid JSON text b has a \u escape of a
// surrogate that is not a high one directly followed by the escape of a
// low one. In valid JSON a backslash appears only in strings, where it
// starts an escape.
func loneSurrogate(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		i++ // the escaped character: \\ and \" are passed over whole
		if i+4 >= len(b) || b[i] != 'u' {
			continue
		}
		r := hex4(b[i+1 : i+5])
		i += 4
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if i+6 < len(b) && b[i+1] == '\\' && b[i+2] == 'u' {
				if low := hex4(b[i+3 : i+7]); low >= 0xDC00 && low < 0xE000 {
					i += 6
					continue
				}
			}
			return true
		case r >= 0xDC00 && r < 0xE000:
			return true
		}
	}
	return false
}

// hex4 reads four hex digits (-1 when they are not).
func hex4(b []byte) int {
	n, err := strconv.ParseUint(string(b), 16, 16)
	if err != nil {
		return -1
	}
	return int(n)
}

// fieldPath is where a value sits in a JSON text, as the pieces of its
// name ("agent", ".name", "[2]"): the name is written out only for the
// field found repeated, so a text nested deep with long names costs no
// more than its length to judge (writing every field's whole name would
// cost its length times its depth).
type fieldPath []string

// field returns the path of the field name inside the object at p.
func (p fieldPath) field(name string) fieldPath {
	if len(p) > 0 {
		name = "." + name
	}
	return append(p, name)
}

// String writes the path as the input's problems name fields.
func (p fieldPath) String() string { return strings.Join(p, "") }

// repeatedName reads the next value of dec and returns the first field
// name some object in it repeats, written as the input's problems name
// fields (agent.name, tags[2]) under path, and whether there is one.
func repeatedName(dec *json.Decoder, path fieldPath) (string, bool) {
	tok, err := dec.Token()
	if err != nil {
		return "", false
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return "", false
			}
			name, _ := k.(string)
			field := path.field(name)
			if seen[name] {
				return field.String(), true
			}
			seen[name] = true
			if f, ok := repeatedName(dec, field); ok {
				return f, true
			}
		}
		_, _ = dec.Token() // }
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if f, ok := repeatedName(dec, append(path, "["+strconv.Itoa(i)+"]")); ok {
				return f, true
			}
		}
		_, _ = dec.Token() // ]
	}
	return "", false
}
