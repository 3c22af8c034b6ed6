package gateway

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"log/slog"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/secret"
)

// Seal signs the principal an internal event carries (see WithPrincipal)
// and checks it where the event arrives (Handler): an HMAC-SHA256, under a
// key every function of the service derives from the master key, of the
// principal with the request's method and path. An event that reaches a
// function with a principal the service did not sign (a direct invocation
// by anyone else, or an authorizer added to the API later) is served as an
// outside request, which must then bring its own credential.
type Seal struct {
	keys *secret.Source
}

// NewSeal returns the seal whose key derives from keys.
func NewSeal(keys *secret.Source) *Seal { return &Seal{keys: keys} }

// sealPurpose names the seal's key among the master key's derivations.
const sealPurpose = "internal-principal"

// signatureKey names the signature beside the principal in an internal
// event's authorizer context.
const signatureKey = "signature"

// WithPrincipal puts p, signed, in ev's authorizer context. ev's method
// and path are part of the signature, so set them first.
func (s *Seal) WithPrincipal(ev *events.APIGatewayV2HTTPRequest, p auth.Principal) error {
	b, err := json.Marshal(principalJSON{AccountID: p.AccountID, Actor: p.Actor, CredentialID: p.CredentialID, IP: p.IP})
	if err != nil {
		return err
	}
	sig, err := s.sign(string(b), ev)
	if err != nil {
		return err
	}
	ev.RequestContext.Authorizer = &events.APIGatewayV2HTTPRequestContextAuthorizerDescription{
		Lambda: map[string]interface{}{principalKey: string(b), signatureKey: sig},
	}
	return nil
}

// sign returns the signature of principal on ev's method and path.
func (s *Seal) sign(principal string, ev *events.APIGatewayV2HTTPRequest) (string, error) {
	key, err := s.keys.Derive(sealPurpose)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(ev.RequestContext.HTTP.Method + " " + ev.RawPath + "\n" + principal))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)), nil
}

// check removes ev's authorizer context unless it is empty or carries a
// principal this service signed for ev's method and path: with a nil seal,
// no principal goes (every authorizer context is removed).
func (s *Seal) check(ev *events.APIGatewayV2HTTPRequest) {
	a := ev.RequestContext.Authorizer
	if a == nil || (a.Lambda == nil && a.JWT == nil && a.IAM == nil) {
		return
	}
	principal, _ := a.Lambda[principalKey].(string)
	got, _ := a.Lambda[signatureKey].(string)
	if s != nil && principal != "" && got != "" {
		want, err := s.sign(principal, ev)
		if err != nil {
			slog.Error("check an internal request's principal", "err", err)
		} else if hmac.Equal([]byte(got), []byte(want)) {
			return
		}
	}
	slog.Warn("an event's authorizer context was not signed by this service: served as an outside request", "route", ev.RouteKey)
	ev.RequestContext.Authorizer = nil
}
