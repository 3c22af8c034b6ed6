// Package artefacts runs the service's built Lambda functions as Lambda
// would: the executables of the synthesized CloudFormation template (or the
// same functions built for this machine when the template's architecture is
// not the host's), each under the official Lambda Runtime Interface
// Emulator, with the environment the template gives it. The template's
// references are resolved to local stand-ins: a table on DynamoDB Local
// with the service's schema, and queues, secrets and an SES identity on a
// moto_server.
//
// The package holds what the RIE test of this folder and the cold-start
// benchmark (test/coldstart) share: reading the template (Template), the
// host build (BuildHost, BuildMain), the local stand-ins (Local, Moto), the
// emulator (RIE) and the table of sample events per function (Samples).
//
//	make test-artefacts     # after make synth; make test runs it
//	ARTEFACTS=1 go test ./test/artefacts/
package artefacts
