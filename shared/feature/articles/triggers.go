package articles

import (
	"rvcontent/shared/kernel/auth"
)

// Triggers of article.generated and article.finished (spec 6).
const (
	TriggerAPI       = "api"
	TriggerAutopilot = "autopilot"
	TriggerDashboard = "dashboard"
)

// TriggerOf names who asked for a change: the owner acts from the
// dashboard, scheduled work is the autopilot, credentials use the API.
func TriggerOf(p auth.Principal) string {
	switch p.Actor.Type {
	case auth.ActorOwner:
		return TriggerDashboard
	case auth.ActorService:
		return TriggerAutopilot
	}
	return TriggerAPI
}

// SourceOf is the source of an article a caller creates: the owner
// creates it in the dashboard, credentials through the API.
func SourceOf(p auth.Principal) string {
	if p.Actor.Type == auth.ActorOwner {
		return SourceDashboard
	}
	return SourceAPI
}
