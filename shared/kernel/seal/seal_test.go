package seal

import (
	"bytes"
	"errors"
	"testing"
)

func TestSealOpens(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 32)
	sealed, err := Seal(key, []byte("token"), []byte("site/1"))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := Open(key, sealed, []byte("site/1")); err != nil || string(got) != "token" {
		t.Fatalf("Open = %q, %v", got, err)
	}
	again, _ := Seal(key, []byte("token"), []byte("site/1"))
	if bytes.Equal(sealed, again) {
		t.Fatal("two seals of one value are equal: the nonce is not random")
	}
}

func TestOpenRefuses(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 32)
	sealed, _ := Seal(key, []byte("token"), []byte("site/1"))
	cases := map[string]struct {
		key, sealed, aad []byte
	}{
		"other aad":   {key, sealed, []byte("site/2")},
		"other key":   {bytes.Repeat([]byte{8}, 32), sealed, []byte("site/1")},
		"cut short":   {key, sealed[:5], []byte("site/1")},
		"tampered":    {key, append(append([]byte{}, sealed[:len(sealed)-1]...), sealed[len(sealed)-1]^1), []byte("site/1")},
		"nothing set": {key, nil, nil},
	}
	for name, c := range cases {
		if _, err := Open(c.key, c.sealed, c.aad); !errors.Is(err, ErrOpen) {
			t.Errorf("%s: err = %v, want ErrOpen", name, err)
		}
	}
}
