package stack

import "rvcontent/shared/edge/routes"

// Access is what one function may do beyond reading and writing the table
// (which every function does). Each grant is the least its code needs; a
// function gets the queue URL of a queue only when it may send to it.
type Access struct {
	// SendJobs: the function starts jobs (or, for the workers, re-queues
	// them).
	SendJobs bool
	// SendDeliveries: the function writes events (their fan-out message goes
	// to the deliveries queue) or webhook deliveries.
	SendDeliveries bool
	// SendMail: the function sends email through SES.
	SendMail bool
	// Payments: the function talks to the payment processor (it may read
	// the Stripe secret when the stack has one).
	Payments bool
	// RunsModel: the function calls the language model (it may call
	// Bedrock when the stack's model is bedrock).
	RunsModel bool
	// Invokes: the endpoint groups whose functions this one runs requests
	// in, through the Lambda Invoke API (it gets their names in
	// GROUP_FUNCTION_<GROUP>).
	Invokes []routes.Group
}

// The workers' function names (their folders under functions/).
const (
	JobWorker        = "jobworker"
	DeliveriesWorker = "deliveries"
	Scheduler        = "scheduler"
)

// groupAccess is the access of every endpoint group. A group missing here
// gets noAccess, and a test fails until it is added.
var groupAccess = map[routes.Group]Access{
	// Account creation starts the scan job and emails the owner; new keys
	// email the owner; claims write events.
	routes.Accounts: {SendJobs: true, SendDeliveries: true, SendMail: true},
	// Sites start scans and write site events.
	// Studio sites are charged when added or restored.
	routes.Sites: {SendJobs: true, SendDeliveries: true, Payments: true},
	// Research, articles and autopilot start jobs and write article events;
	// rewrite-section asks the model while the request waits.
	routes.Content: {SendJobs: true, SendDeliveries: true, RunsModel: true},
	// The exchange writes events (domain checks run while the request
	// waits); it starts no job.
	routes.Backlinks: {SendDeliveries: true},
	// Forum presence starts sweeps, writes events and drafts replies with
	// the model.
	routes.Forum: {SendJobs: true, SendDeliveries: true, RunsModel: true},
	// Billing and the processor's webhooks change plans (events); billing
	// starts no job (a new Studio site's scan starts in the sites group),
	// but a webhook reporting a Studio site's charge paid after the
	// cardholder authenticated it adds the site and starts its scan.
	routes.Billing:         {SendDeliveries: true, Payments: true},
	routes.PaymentsWebhook: {SendJobs: true, SendDeliveries: true, Payments: true},
	// Webhook endpoints: test deliveries.
	routes.Events: {SendDeliveries: true},
	// Public articles API: publishing reports write events.
	routes.Public: {SendDeliveries: true},
	// OAuth: revoking a token disconnects its app (an event; its webhook
	// endpoints are disabled).
	routes.OAuth: {SendDeliveries: true},
	// The pages a person opens: claims and consent record events, consent
	// and sign-in email the owner, the connect page records
	// integration.connected. The dashboard runs every read and action in
	// its agent-API endpoint's own function, as the MCP server does, and a
	// checkout or portal link is opened in the billing function
	// (routes.OpenCheckoutSession, routes.OpenPortalSession), so pages
	// never talk to the processor.
	routes.Pages: {SendDeliveries: true, SendMail: true, Invokes: routes.AgentGroups()},
	// MCP runs each tool call in the function of the tool's endpoint, with
	// the caller's principal: it reads the table to check credentials and
	// invokes those functions.
	routes.MCP: {Invokes: routes.AgentGroups()},
}

// workerAccess is the access of the queue and schedule consumers. Each
// worker also consumes its own queue (see addWorkers).
var workerAccess = map[string]Access{
	// Retries re-queue a job; finished jobs write events and may email.
	// Scans, research and writing run the model; the erase job of a
	// deleted account cancels its subscription at the processor.
	JobWorker: {SendJobs: true, SendDeliveries: true, SendMail: true, RunsModel: true, Payments: true},
	// Failed deliveries come back delayed; a webhook disabled after three
	// days of failures emails the owner.
	DeliveriesWorker: {SendDeliveries: true, SendMail: true},
	// Sweeps re-queue lost jobs and event fan-outs; renewals and expiries
	// email owners.
	Scheduler: {SendJobs: true, SendDeliveries: true, SendMail: true, Payments: true},
}

// noAccess is the access of a function nobody has declared: the table only.
var noAccess = Access{}

// GroupAccess returns the access of endpoint group g's function.
func GroupAccess(g routes.Group) Access {
	if a, ok := groupAccess[g]; ok {
		return a
	}
	return noAccess
}

// HasGroupAccess reports whether g's access has been declared.
func HasGroupAccess(g routes.Group) bool {
	_, ok := groupAccess[g]
	return ok
}

// WorkerAccess returns the access of the worker named name.
func WorkerAccess(name string) Access { return workerAccess[name] }

// FunctionNames returns the name of every function of the stack: each
// endpoint group with routes (and routes.DefaultGroup), then the workers.
// Each is a folder under functions/ and a zip in the asset folder.
func FunctionNames() []string {
	var names []string
	for _, g := range groupNames() {
		names = append(names, string(g))
	}
	return append(names, JobWorker, DeliveriesWorker, Scheduler)
}

// groupNames returns the endpoint groups that get a function.
func groupNames() []routes.Group {
	gs := routes.Groups()
	for _, g := range gs {
		if g == routes.DefaultGroup {
			return gs
		}
	}
	return append(gs, routes.DefaultGroup)
}
