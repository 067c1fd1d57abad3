package llm

import "net/url"

// Endpoint is the base URL the model's calls go to, without credentials or query: what a
// stored answer or a decomposition is keyed and recorded by besides the model's name, since
// one model name at two endpoints (a hosted API and a local server) is two models.
func (c *client) Endpoint() string { return c.endpoint }

// EndpointOf is the base URL m calls, for models that say (those Open returns), shown
// without user information, query or fragment; "" for a model that does not say.
func EndpointOf(m Model) string {
	e, ok := m.(interface{ Endpoint() string })
	if !ok {
		return ""
	}
	u, err := url.Parse(e.Endpoint())
	if err != nil {
		return ""
	}
	u.User, u.RawQuery, u.ForceQuery, u.Fragment, u.RawFragment = nil, "", false, "", ""
	return u.String()
}

// Settings names what the model's requests carry besides a Request (a reasoning model's
// effort and budget), "" when nothing applies.
func (c *client) Settings() string {
	if s, ok := c.conn.(shaper); ok {
		return s.shape()
	}
	return ""
}

// SettingsOf names the settings of m that shape its answers beyond a request, its name and
// its endpoint (a reasoning model's effort and budget), for models that say (those Open
// returns); "" when none apply. A stored model product is keyed by them, as by EndpointOf.
func SettingsOf(m Model) string {
	if s, ok := m.(interface{ Settings() string }); ok {
		return s.Settings()
	}
	return ""
}
