package payments

import (
	"strconv"
	"time"
)

// Cents is an amount of money in US cents. Amounts are kept as integers and
// rendered as a number of dollars (4950 is 49.5).
type Cents int64

// Dollars returns the amount as a number of dollars.
func (c Cents) Dollars() float64 { return float64(c) / 100 }

// String renders the amount in dollars, e.g. "49.5".
func (c Cents) String() string { return strconv.FormatFloat(c.Dollars(), 'f', -1, 64) }

// MarshalJSON renders the amount as a JSON number of dollars. Every whole
// number of cents has an exact shortest decimal form, so 1234 is 12.34.
func (c Cents) MarshalJSON() ([]byte, error) { return []byte(c.String()), nil }

// Money is an amount with its currency, as responses show a charge.
type Money struct {
	Amount   Cents  `json:"amount"`
	Currency string `json:"currency"`
}

// USD returns c in the service's currency.
func USD(c Cents) Money { return Money{Amount: c, Currency: Currency} }

// Prorate returns the part of amount that pays for the rest of the period
// [start, end) from at, to the second, rounded half up to a cent, as Stripe
// prorates a quantity change. at before start gives the full amount; at or
// after end gives zero.
func Prorate(amount Cents, start, end, at time.Time) Cents {
	total := end.Unix() - start.Unix()
	if total <= 0 {
		return 0
	}
	left := end.Unix() - at.Unix()
	switch {
	case left <= 0:
		return 0
	case left >= total:
		return amount
	}
	return Cents((int64(amount)*left*2 + total) / (total * 2))
}

// AddMonths returns anchor moved n calendar months forward, keeping its day
// of month when the target month has it and clamping to the month's last
// day otherwise (Jan 31 + 1 month is Feb 28 or 29), as billing periods do.
func AddMonths(anchor time.Time, n int) time.Time {
	y, m, d := anchor.Date()
	first := time.Date(y, m+time.Month(n), 1, anchor.Hour(), anchor.Minute(), anchor.Second(), anchor.Nanosecond(), anchor.Location())
	last := first.AddDate(0, 1, -1).Day()
	if d > last {
		d = last
	}
	return first.AddDate(0, 0, d-1)
}

// NextPeriodEnd returns the end of the monthly period that follows
// [start, end): the periods keep their anchor's day of month (Jan 31 gives
// Feb 28, then Mar 31), as Stripe's billing cycle anchor and AddMonths do,
// at end's time of day. The anchor's day is end's, unless end fell on its
// month's last day, where it may have been clamped: then start's tells it,
// and when both were clamped it is the 31st.
func NextPeriodEnd(start, end time.Time) time.Time {
	day := end.Day()
	if day == lastDay(end) {
		day = max(day, start.Day())
		if start.Day() == lastDay(start) {
			day = 31
		}
	}
	y, m, _ := end.Date()
	first := time.Date(y, m+1, 1, end.Hour(), end.Minute(), end.Second(), end.Nanosecond(), end.Location())
	return first.AddDate(0, 0, min(day, lastDay(first))-1)
}

// lastDay returns the number of days of t's month.
func lastDay(t time.Time) int {
	return time.Date(t.Year(), t.Month()+1, 0, 0, 0, 0, 0, t.Location()).Day()
}
