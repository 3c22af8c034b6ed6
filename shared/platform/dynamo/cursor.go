package dynamo

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
)

// ErrBadCursor is returned when a cursor was not issued by this service.
var ErrBadCursor = errors.New("dynamo: malformed cursor")

// Cursor is the position a list resumes after. It holds only sort-key values:
// the partition always comes from the caller's own account, so a cursor can
// never reach another account's items.
type Cursor map[string]string

// EncodeCursor returns c as an opaque string.
func EncodeCursor(c Cursor) string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

// DecodeCursor reads a string made by EncodeCursor; "" gives a nil cursor.
func DecodeCursor(s string) (Cursor, error) {
	if s == "" {
		return nil, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, ErrBadCursor
	}
	var c Cursor
	if err := json.Unmarshal(b, &c); err != nil || len(c) == 0 {
		return nil, ErrBadCursor
	}
	return c, nil
}

// sigKey names a signed cursor's signature among its values.
const sigKey = "sig"

// SignCursor returns s, a cursor EncodeCursor made, signed for list (a
// text that says which list it is: whose, which endpoint, which filters)
// under key, so that OpenCursor takes it back for that list only. The
// signature (the first 16 bytes of an HMAC-SHA256 of list and s, in
// URL-safe base64) is one more value of the cursor, so a signed cursor is
// still EncodeCursor's form: opaque and URL-safe. "" (no next page)
// stays "".
func SignCursor(key []byte, list, s string) (string, error) {
	if s == "" {
		return "", nil
	}
	c, err := DecodeCursor(s)
	if err != nil {
		return "", err
	}
	if _, ok := c[sigKey]; ok {
		return "", ErrBadCursor // a value of its own under the signature's name
	}
	c[sigKey] = cursorSig(key, list, c)
	return EncodeCursor(c), nil
}

// OpenCursor returns the cursor SignCursor signed into s for list under
// key, as EncodeCursor made it; "" gives "". A cursor another list's
// signature holds, one without a signature, or one whose values were
// changed since (a made-up position) gives ErrBadCursor.
func OpenCursor(key []byte, list, s string) (string, error) {
	if s == "" {
		return "", nil
	}
	c, err := DecodeCursor(s)
	if err != nil {
		return "", err
	}
	got := c[sigKey]
	delete(c, sigKey)
	if len(c) == 0 || !hmac.Equal([]byte(got), []byte(cursorSig(key, list, c))) {
		return "", ErrBadCursor
	}
	return EncodeCursor(c), nil
}

// cursorSig is the signature of c for list under key. c's encoding is
// URL-safe base64, without the NUL that ends list.
func cursorSig(key []byte, list string, c Cursor) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(list))
	mac.Write([]byte{0})
	mac.Write([]byte(EncodeCursor(c)))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)[:16])
}
