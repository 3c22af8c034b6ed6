package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// Delivery headers (spec 6).
const (
	HeaderEventID   = "Service-Event-Id"
	HeaderEventType = "Service-Event-Type"
	HeaderAttempt   = "Service-Delivery-Attempt"
	HeaderSignature = "Service-Signature"
	UserAgent       = "Service-Webhooks/1.0"
)

// Sign returns the Service-Signature header for body sent at unix time t:
// "t=<t>,v1=<hex>", where hex is the lowercase HMAC-SHA256 of "<t>.<body>"
// keyed with the whole secret, its "whsec_" prefix included (spec 6).
func Sign(secret string, t int64, body []byte) string {
	ts := strconv.FormatInt(t, 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac.Sum(nil))
}
