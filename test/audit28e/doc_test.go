// Package audit28e audits scans, keywords, research, rank, autopilot and
// jobs black-box over HTTP against a dev stack (spec 2 Scan, Keyword,
// Research result and Rank; 3; 4.6; 6; README "Sites and scans",
// "Keywords, research and rank", "Autopilot" and "Jobs"), and the
// dashboard's keywords, research, rank and autopilot pages a person reads.
// Each test pins one defect found and fixed.
package audit28e
