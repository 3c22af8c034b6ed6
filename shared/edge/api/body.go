package api

import (
	"bytes"
	"context"
	"io"
	"mime"
	"net/http"
	"strings"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
)

// MaxBody is the largest request body accepted (spec 8: 1 MB).
const MaxBody = 1 << 20

type bodyKey struct{}

// ReadBody reads the request body once, refusing bodies over MaxBody with
// payload_too_large, and keeps it in the request for Body.
func ReadBody(h http.Handler) http.Handler { return ReadBodyAnswering(Error)(h) }

// ReadBodyAnswering is ReadBody for an endpoint with its own error shape:
// refuse writes the refusal of a body that is too large or unreadable
// (an *apperr.Error: payload_too_large or bad_request).
func ReadBodyAnswering(refuse func(w http.ResponseWriter, r *http.Request, err error)) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body == nil || r.Method == http.MethodGet || r.Method == http.MethodHead {
				h.ServeHTTP(w, r)
				return
			}
			b, err := readLimited(r)
			if err != nil {
				refuse(w, r, err)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(b))
			h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), bodyKey{}, b)))
		})
	}
}

// readLimited reads r's body, refusing one over MaxBody with
// payload_too_large and one that cannot be read with bad_request.
func readLimited(r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
	if err != nil {
		return nil, apperr.New(apperr.BadRequest, "The request body could not be read.")
	}
	if len(b) > MaxBody {
		return nil, apperr.New(apperr.PayloadTooLarge, "The request body is larger than 1 MB.")
	}
	return b, nil
}

// DecodeInto reads the request body, a JSON object of one fixed shape,
// into v (see input.Into), for handlers outside the APIs' middleware (the
// dev harness). On failure it writes the error in the API's shape (400
// for a body that is not a JSON object, 413 over MaxBody, 422 naming a
// field of the wrong type) and returns false.
func DecodeInto(w http.ResponseWriter, r *http.Request, v any) bool {
	b, err := readLimited(r)
	if err == nil {
		err = input.Into(b, v)
	}
	if err != nil {
		Error(w, r, err)
		return false
	}
	return true
}

type objectKey struct{}

// JSONBody refuses a request whose body (read by ReadBody) is neither empty
// nor a JSON object with bad_request, so endpoints that take no fields
// refuse a malformed body as every other endpoint does; so is a body sent
// with a Content-Type that is not JSON (spec 4.1), which also keeps a web
// page from posting one across sites without a preflight. It keeps the
// parsed object for Decode, so the body is parsed once.
func JSONBody(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ct := r.Header.Get("Content-Type"); ct != "" && !isJSON(ct) && len(bytes.TrimSpace(Body(r))) > 0 {
			Error(w, r, errNotJSONType)
			return
		}
		o, err := input.Parse(Body(r))
		if err != nil {
			Error(w, r, err)
			return
		}
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), objectKey{}, o)))
	})
}

// Body returns the body read by ReadBody.
func Body(r *http.Request) []byte {
	b, _ := r.Context().Value(bodyKey{}).([]byte)
	return b
}

// Decode parses the request body as a JSON object for field-by-field reading.
// On failure it writes the error and returns nil.
func Decode(w http.ResponseWriter, r *http.Request) *input.Object {
	if o, ok := r.Context().Value(objectKey{}).(*input.Object); ok {
		return o
	}
	o, err := input.Parse(Body(r))
	if err != nil {
		Error(w, r, err)
		return nil
	}
	return o
}

var errNotJSONType = apperr.New(apperr.BadRequest, "The request body must be JSON sent with Content-Type: application/json.")

// isJSON reports whether a Content-Type names JSON: application/json or a
// +json type, with any parameters.
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "application/json" || strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json"))
}
