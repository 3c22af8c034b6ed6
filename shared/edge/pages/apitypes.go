package pages

import "encoding/json"

// The agent API's objects, as far as the dashboard shows them (spec 2 and
// the README's API notes). The dashboard reads the API's JSON, never the
// features' types: it is a client of the API.

type apiAccount struct {
	ID             string  `json:"id"`
	Email          string  `json:"email"`
	ClaimedAt      *string `json:"claimed_at"`
	CreatedAt      string  `json:"created_at"`
	CreatedByAgent *struct {
		Name     string  `json:"name"`
		Operator *string `json:"operator"`
	} `json:"created_by_agent"`
	PrimarySiteID string `json:"primary_site_id"`
	BillingStatus string `json:"billing_status"`
}

// subscribed reports whether the account has a subscription: any billing
// status but none, as the deletion's last email tells them apart.
func (a apiAccount) subscribed() bool { return a.BillingStatus != "none" }

type apiSite struct {
	ID                 string  `json:"id"`
	Kind               string  `json:"kind"`
	Status             string  `json:"status"`
	BrandName          *string `json:"brand_name"`
	WebsiteURL         *string `json:"website_url"`
	ProductDescription *string `json:"product_description"`
	AvatarURL          *string `json:"avatar_url"`
	Writing            struct {
		Tone         *string `json:"tone"`
		WritingStyle *string `json:"writing_style"`
		Audience     *string `json:"audience"`
		BrandVoice   *string `json:"brand_voice"`
	} `json:"writing"`
	ScanStatus string  `json:"scan_status"`
	BilledFrom *string `json:"billed_from"`
	RemovesAt  *string `json:"removes_at"`
	ArchivedAt *string `json:"archived_at"`
	CreatedAt  string  `json:"created_at"`
}

type apiScan struct {
	Status     string  `json:"status"`
	Stage      string  `json:"stage"`
	StartedAt  *string `json:"started_at"`
	FinishedAt *string `json:"finished_at"`
	Analysis   struct {
		Niche       string   `json:"niche"`
		Audience    string   `json:"audience"`
		Geo         string   `json:"geo"`
		Competitors []string `json:"competitors"`
	} `json:"analysis"`
	KeywordsFound   int       `json:"keywords_found"`
	ArticlesPlanned int       `json:"articles_planned"`
	Error           *apiFault `json:"error"`
}

// apiFault is a job's or scan's error.
type apiFault struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

type apiBilling struct {
	Status            string  `json:"status"`
	Paid              bool    `json:"paid"`
	CardVerified      *bool   `json:"card_verified"`
	TrialEndsAt       *string `json:"trial_ends_at"`
	CurrentPeriodEnd  *string `json:"current_period_end"`
	PastDueSince      *string `json:"past_due_since"`
	CancelAtPeriodEnd bool    `json:"cancel_at_period_end"`
	Plan              struct {
		Name     string      `json:"name"`
		Amount   json.Number `json:"amount"`
		Currency string      `json:"currency"`
		Interval string      `json:"interval"`
	} `json:"plan"`
	StudioSites  int         `json:"studio_sites"`
	MonthlyTotal json.Number `json:"monthly_total"`
}

type apiQuote struct {
	Block         *string     `json:"block"`
	Message       string      `json:"message"`
	PricePerSite  json.Number `json:"price_per_site"`
	DueToday      json.Number `json:"due_today"`
	ProrationDate int64       `json:"proration_date"`
	RenewsAt      *string     `json:"renews_at"`
	StudioSites   int         `json:"studio_sites"`
	MonthlyAfter  json.Number `json:"monthly_after"`
	Card          *struct {
		Brand string `json:"brand"`
		Last4 string `json:"last4"`
	} `json:"card"`
}

type apiBalance struct {
	Balance   int `json:"balance"`
	Allowance int `json:"allowance"`
}

type apiCredits struct {
	PeriodStart     *string    `json:"period_start"`
	PeriodEnd       *string    `json:"period_end"`
	Articles        apiBalance `json:"articles"`
	BacklinkCredits apiBalance `json:"backlink_credits"`
	ForumReplies    apiBalance `json:"forum_replies"`
}

type apiActor struct {
	Type string `json:"type"`
	ID   string `json:"id"`
	Name string `json:"name"`
}

type apiActivity struct {
	ID        string   `json:"id"`
	CreatedAt string   `json:"created_at"`
	Actor     apiActor `json:"actor"`
	Action    string   `json:"action"`
	SiteID    string   `json:"site_id"`
	Resource  struct {
		Type string `json:"type"`
		ID   string `json:"id"`
	} `json:"resource"`
	Summary string `json:"summary"`
	IP      string `json:"ip"`
}

type apiAgentKey struct {
	ID         string  `json:"id"`
	Type       string  `json:"type"`
	Name       string  `json:"name"`
	Key        string  `json:"key"`
	Prefix     *string `json:"prefix"`
	Operator   *string `json:"operator"`
	ContactURL *string `json:"contact_url"`
	CreatedAt  string  `json:"created_at"`
	LastUsedAt *string `json:"last_used_at"`
}

type apiWebhook struct {
	ID                 string   `json:"id"`
	URL                string   `json:"url"`
	Events             []string `json:"events"`
	Description        *string  `json:"description"`
	Enabled            bool     `json:"enabled"`
	DisabledReason     *string  `json:"disabled_reason"`
	Secret             string   `json:"secret"`
	CreatedBy          apiActor `json:"created_by"`
	CreatedAt          string   `json:"created_at"`
	LastDeliveryAt     *string  `json:"last_delivery_at"`
	LastDeliveryStatus *int     `json:"last_delivery_status"`
}

type apiAttempt struct {
	EventType     string  `json:"event_type"`
	Attempt       int     `json:"attempt"`
	Succeeded     bool    `json:"succeeded"`
	Status        *int    `json:"status"`
	Error         *string `json:"error"`
	DurationMS    int64   `json:"duration_ms"`
	CreatedAt     string  `json:"created_at"`
	NextAttemptAt *string `json:"next_attempt_at"`
}

type apiKeyword struct {
	ID              string  `json:"id"`
	Name            string  `json:"name"`
	Source          string  `json:"source"`
	Tag             *string `json:"tag"`
	Intent          *string `json:"intent"`
	SearchVolume    int     `json:"search_volume"`
	TrafficEstimate int     `json:"traffic_estimate"`
	Trend           string  `json:"trend"`
}

type apiArticle struct {
	ID           string   `json:"id"`
	Status       string   `json:"status"`
	Title        string   `json:"title"`
	Slug         string   `json:"slug"`
	Description  string   `json:"description"`
	Keyword      *string  `json:"keyword"`
	Tags         []string `json:"tags"`
	BodyMarkdown string   `json:"body_markdown"`
	BodyHTML     string   `json:"body_html"`
	WordCount    int      `json:"word_count"`
	SEOScore     *float64 `json:"seo_score"`
	Source       string   `json:"source"`
	ScheduledFor *string  `json:"scheduled_for"`
	PublishedURL *string  `json:"published_url"`
	FinishedAt   *string  `json:"finished_at"`
	CreatedAt    string   `json:"created_at"`
	UpdatedAt    string   `json:"updated_at"`
}

type apiCheck struct {
	ID        string `json:"id"`
	Label     string `json:"label"`
	Passed    bool   `json:"passed"`
	Points    int    `json:"points"`
	MaxPoints int    `json:"max_points"`
	Detail    string `json:"detail"`
}

type apiScorePart struct {
	Score  int        `json:"score"`
	Checks []apiCheck `json:"checks"`
}

type apiScore struct {
	Overall   int          `json:"overall"`
	Keyword   *string      `json:"keyword"`
	WordCount int          `json:"word_count"`
	SEO       apiScorePart `json:"seo"`
	GEO       apiScorePart `json:"geo"`
}

type apiJob struct {
	ID         string          `json:"id"`
	Kind       string          `json:"kind"`
	SiteID     *string         `json:"site_id"`
	Status     string          `json:"status"`
	CreatedAt  string          `json:"created_at"`
	FinishedAt *string         `json:"finished_at"`
	Result     json.RawMessage `json:"result"`
	Error      *apiFault       `json:"error"`
}

type apiResearch struct {
	Seed     *string `json:"seed"`
	Keywords []struct {
		Name            string  `json:"name"`
		Tag             *string `json:"tag"`
		SearchVolume    int     `json:"search_volume"`
		TrafficEstimate int     `json:"traffic_estimate"`
		Intent          *string `json:"intent"`
		Trend           string  `json:"trend"`
	} `json:"keywords"`
	Ideas []struct {
		Title           string `json:"title"`
		Description     string `json:"description"`
		Keyword         string `json:"keyword"`
		TrafficEstimate int    `json:"traffic_estimate"`
		Competition     string `json:"competition"`
		AISignal        int    `json:"ai_signal"`
	} `json:"ideas"`
	Saved *struct {
		Keywords int `json:"keywords"`
		Articles int `json:"articles"`
	} `json:"saved"`
}

type apiAutopilot struct {
	Enabled           bool     `json:"enabled"`
	WeeklyCadence     int      `json:"weekly_cadence"`
	Days              []string `json:"days"`
	TimeOfDay         string   `json:"time_of_day"`
	NextRunAt         *string  `json:"next_run_at"`
	NextRunArticles   int      `json:"next_run_articles"`
	LastRunAt         *string  `json:"last_run_at"`
	ScheduledArticles int      `json:"scheduled_articles"`
}

type apiOption struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type apiIntegration struct {
	ID         string  `json:"id"`
	Status     string  `json:"status"`
	Available  bool    `json:"available"`
	Requires   string  `json:"requires"`
	SiteURL    *string `json:"site_url"`
	RemoteName *string `json:"remote_site_name"`
	Settings   struct {
		DefaultStatus string  `json:"default_status"`
		Category      *string `json:"category"`
		Author        *string `json:"author"`
	} `json:"settings"`
	ConnectedAt *string `json:"connected_at"`
	LastSyncAt  *string `json:"last_sync_at"`
	LastError   *string `json:"last_error"`
	LastErrorAt *string `json:"last_error_at"`
	Setup       *struct {
		DefaultStatuses []string    `json:"default_statuses"`
		Categories      []apiOption `json:"categories"`
		Authors         []apiOption `json:"authors"`
	} `json:"setup"`
}

type apiSiteKey struct {
	ID         string   `json:"id"`
	Name       *string  `json:"name"`
	Prefix     string   `json:"prefix"`
	Key        string   `json:"key"`
	CreatedAt  string   `json:"created_at"`
	CreatedBy  apiActor `json:"created_by"`
	LastUsedAt *string  `json:"last_used_at"`
	Idle       bool     `json:"idle"`
}

type apiBacklinks struct {
	Paid               bool     `json:"paid"`
	Domain             *string  `json:"domain"`
	Status             *string  `json:"status"`
	VerifiedAt         *string  `json:"verified_at"`
	OptedIn            bool     `json:"opted_in"`
	AuthorityScore     int      `json:"authority_score"`
	Tier               int      `json:"tier"`
	Reputation         int      `json:"reputation"`
	Niche              *string  `json:"niche"`
	TopicTags          []string `json:"topic_tags"`
	BlockedCategories  []string `json:"blocked_categories"`
	MaxLinksPerArticle int      `json:"max_links_per_article"`
	Credits            struct {
		Balance        int `json:"balance"`
		Escrowed       int `json:"escrowed"`
		LifetimeEarned int `json:"lifetime_earned"`
		LifetimeSpent  int `json:"lifetime_spent"`
	} `json:"credits"`
	Counts struct {
		LiveInbound int `json:"live_inbound"`
		LiveHosted  int `json:"live_hosted"`
		InProgress  int `json:"in_progress"`
	} `json:"counts"`
}

type apiVerification struct {
	Domain  string `json:"domain"`
	Status  string `json:"status"`
	Token   string `json:"token"`
	Methods struct {
		DNSTXT struct {
			Host  string `json:"host"`
			Value string `json:"value"`
		} `json:"dns_txt"`
		MetaTag struct {
			Tag string `json:"tag"`
		} `json:"meta_tag"`
		WellKnown struct {
			URL     string `json:"url"`
			Content string `json:"content"`
		} `json:"well_known"`
	} `json:"methods"`
	Checks []struct {
		Method string  `json:"method"`
		OK     bool    `json:"ok"`
		Seen   *string `json:"seen"`
		Detail string  `json:"detail"`
	} `json:"checks"`
}

type apiTarget struct {
	ID                  string   `json:"id"`
	URL                 string   `json:"url"`
	Anchors             []string `json:"anchors"`
	TopicTags           []string `json:"topic_tags"`
	Priority            int      `json:"priority"`
	MaxNewLinksPerMonth int      `json:"max_new_links_per_month"`
	Active              bool     `json:"active"`
	LiveCount           int      `json:"live_count"`
	LastPlacedAt        *string  `json:"last_placed_at"`
	CreatedAt           string   `json:"created_at"`
}

type apiPlacement struct {
	ID            string  `json:"id"`
	Direction     string  `json:"direction"`
	Status        string  `json:"status"`
	TargetURL     string  `json:"target_url"`
	AnchorUsed    string  `json:"anchor_used"`
	HostURL       string  `json:"host_url"`
	HostArticleID *string `json:"host_article_id"`
	Credits       int     `json:"credits"`
	ReservedAt    *string `json:"reserved_at"`
	PlacedAt      *string `json:"placed_at"`
	ExpiresAt     *string `json:"expires_at"`
	LiveAt        *string `json:"live_at"`
	EndedAt       *string `json:"ended_at"`
	LastCheckedAt *string `json:"last_checked_at"`
	EndReason     *string `json:"end_reason"`
}

type apiForum struct {
	Access           string   `json:"access"`
	Enabled          bool     `json:"enabled"`
	SweepEnabled     bool     `json:"sweep_enabled"`
	Niche            *string  `json:"niche"`
	TopicTags        []string `json:"topic_tags"`
	DisclosureLine   string   `json:"disclosure_line"`
	Tone             string   `json:"tone"`
	MaxLinksPerReply int      `json:"max_links_per_reply"`
	AllowSubforums   []string `json:"allow_subforums"`
	DenySubforums    []string `json:"deny_subforums"`
	KeywordsPerSweep int      `json:"keywords_per_sweep"`
	LastSweepAt      *string  `json:"last_sweep_at"`
	Credits          struct {
		Balance   int     `json:"balance"`
		PeriodEnd *string `json:"period_end"`
	} `json:"credits"`
}

type apiThread struct {
	ID             string  `json:"id"`
	Status         string  `json:"status"`
	Fit            *int    `json:"fit"`
	MatchedKeyword string  `json:"matched_keyword"`
	BlockedReason  *string `json:"blocked_reason"`
	DismissReason  *string `json:"dismiss_reason"`
	Thread         struct {
		Subforum    string `json:"subforum"`
		Permalink   string `json:"permalink"`
		Title       string `json:"title"`
		UpVotes     int    `json:"up_votes"`
		NumComments int    `json:"num_comments"`
		PostedAt    string `json:"posted_at"`
		IsLocked    bool   `json:"is_locked"`
	} `json:"thread"`
	Body        string `json:"body"`
	TopComments []struct {
		Body  string `json:"body"`
		Score int    `json:"score"`
	} `json:"top_comments"`
	Draft       *apiDraft `json:"draft"`
	Reply       *apiReply `json:"reply"`
	FirstSeenAt string    `json:"first_seen_at"`
}

type apiDraft struct {
	ID             string  `json:"id"`
	Body           string  `json:"body"`
	EditedBody     *string `json:"edited_body"`
	CompliancePass bool    `json:"compliance_pass"`
	Compliance     struct {
		Pass     bool `json:"pass"`
		Failures int  `json:"failures"`
		Unknowns int  `json:"unknowns"`
		Checks   []struct {
			ID     string `json:"id"`
			Label  string `json:"label"`
			State  string `json:"state"`
			Detail string `json:"detail"`
		} `json:"checks"`
	} `json:"compliance"`
	RegenCount int    `json:"regen_count"`
	UpdatedAt  string `json:"updated_at"`
}

type apiReply struct {
	ID            string  `json:"id"`
	ThreadID      string  `json:"thread_id"`
	Permalink     *string `json:"permalink"`
	Status        string  `json:"status"`
	PostedAt      *string `json:"posted_at"`
	ConfirmedAt   *string `json:"confirmed_at"`
	LastCheckedAt *string `json:"last_checked_at"`
	CreatedAt     string  `json:"created_at"`
}

type apiRank struct {
	Coverage struct {
		Basis     string `json:"basis"`
		Total     int    `json:"total"`
		Published int    `json:"published"`
		Planned   int    `json:"planned"`
		Open      int    `json:"open"`
	} `json:"coverage"`
	Market []struct {
		Keyword         string  `json:"keyword"`
		Searches        int     `json:"searches"`
		Intent          *string `json:"intent"`
		Trend           string  `json:"trend"`
		TrafficEstimate int     `json:"traffic_estimate"`
		Status          string  `json:"status"`
		ArticleID       *string `json:"article_id"`
		Score           int     `json:"score"`
	} `json:"market"`
}
