package weburl

import (
	"strings"
	"unicode/utf8"
)

// Punycode (RFC 3492) with the parameters IDNA uses. The egress client and
// comparisons need an internationalised host name in its ASCII form;
// golang.org/x/net/idna would add its Unicode tables to every function for
// what, on the names people type, is lowercasing and this encoding.
const (
	base        = 36
	tMin        = 1
	tMax        = 26
	skew        = 38
	damp        = 700
	initialBias = 72
	initialN    = 128
)

// toASCII returns host with each label that is not ASCII lowercased and
// written as "xn--" and its Punycode, or ok false when a label cannot be
// (it is too long, or not valid UTF-8).
func toASCII(host string) (string, bool) {
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if !hasNonASCII(l) {
			continue
		}
		if !utf8.ValidString(l) {
			return "", false
		}
		enc, ok := punycode(strings.ToLower(l))
		if !ok {
			return "", false
		}
		labels[i] = "xn--" + enc
	}
	return strings.Join(labels, "."), true
}

// punycode encodes s (RFC 3492 section 6.3); ok is false on overflow.
func punycode(s string) (string, bool) {
	runes := []rune(s)
	var out []byte
	for _, r := range runes {
		if r < initialN {
			out = append(out, byte(r))
		}
	}
	basic := len(out)
	handled := basic
	if basic > 0 {
		out = append(out, '-')
	}
	n, delta, bias := rune(initialN), 0, initialBias
	for handled < len(runes) {
		m := rune(utf8.MaxRune + 1)
		for _, r := range runes {
			if r >= n && r < m {
				m = r
			}
		}
		if int(m-n) > (1<<31-1-delta)/(handled+1) {
			return "", false
		}
		delta += int(m-n) * (handled + 1)
		n = m
		for _, r := range runes {
			if r < n {
				delta++
			}
			if r != n {
				continue
			}
			q := delta
			for k := base; ; k += base {
				t := k - bias
				if t < tMin {
					t = tMin
				} else if t > tMax {
					t = tMax
				}
				if q < t {
					break
				}
				out = append(out, digit(t+(q-t)%(base-t)))
				q = (q - t) / (base - t)
			}
			out = append(out, digit(q))
			bias = adapt(delta, handled+1, handled == basic)
			delta = 0
			handled++
		}
		delta++
		n++
	}
	return string(out), true
}

// digit is the basic code point of a Punycode digit (0-25 a-z, 26-35 0-9).
func digit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// adapt is the bias adaptation function of RFC 3492 section 6.1.
func adapt(delta, points int, first bool) int {
	if first {
		delta /= damp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > ((base-tMin)*tMax)/2 {
		delta /= base - tMin
		k += base
	}
	return k + (base-tMin+1)*delta/(delta+skew)
}

// LabelUnicode returns a host label as people read it: an "xn--" label
// decoded from its Punycode (xn--bcher-kva is bücher), any other label as
// it is. A label that does not decode is returned as it is.
func LabelUnicode(label string) string {
	rest, ok := strings.CutPrefix(strings.ToLower(label), "xn--")
	if !ok {
		return label
	}
	if s, ok := unpunycode(rest); ok && s != "" {
		return s
	}
	return label
}

// unpunycode decodes s (RFC 3492 section 6.2); ok is false for input that
// is not Punycode.
func unpunycode(s string) (string, bool) {
	var out []rune
	rest := s
	if i := strings.LastIndexByte(s, '-'); i >= 0 {
		for _, c := range s[:i] {
			if c >= initialN {
				return "", false
			}
			out = append(out, c)
		}
		rest = s[i+1:]
	}
	n, i, bias := rune(initialN), 0, initialBias
	for p := 0; p < len(rest); {
		old, w := i, 1
		for k := base; ; k += base {
			if p == len(rest) {
				return "", false
			}
			d, ok := value(rest[p])
			p++
			if !ok || d > (1<<31-1-i)/w {
				return "", false
			}
			i += d * w
			t := k - bias
			if t < tMin {
				t = tMin
			} else if t > tMax {
				t = tMax
			}
			if d < t {
				break
			}
			if w > (1<<31-1)/(base-t) {
				return "", false
			}
			w *= base - t
		}
		bias = adapt(i-old, len(out)+1, old == 0)
		if i/(len(out)+1) > int(utf8.MaxRune)-int(n) {
			return "", false
		}
		n += rune(i / (len(out) + 1))
		i %= len(out) + 1
		if n < initialN || !utf8.ValidRune(n) {
			return "", false
		}
		out = append(out[:i], append([]rune{n}, out[i:]...)...)
		i++
	}
	return string(out), true
}

// value is the digit a Punycode character stands for, the inverse of digit.
func value(c byte) (int, bool) {
	switch {
	case c >= 'a' && c <= 'z':
		return int(c - 'a'), true
	case c >= 'A' && c <= 'Z':
		return int(c - 'A'), true
	case c >= '0' && c <= '9':
		return int(c-'0') + 26, true
	}
	return 0, false
}
