package referee

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The referee guide (README.md) shows an Indexed Job that plays a match's
// shards on Kubernetes and one that merges them. No cluster runs them
// here, so these tests check them as the API server would the fields
// they use: a small schema of the Job, pod and PersistentVolumeClaim
// fields the guide uses (types, enums, names; unknown fields are errors,
// as with kubectl apply --validate=strict), Kubernetes' own cross-field
// rules that apply to them, and meeple's: the shard count is the Job's
// completions, and the merge reads the directory of every index. Sources:
// the Kubernetes API reference, kubernetes.io/docs/reference/kubernetes-api/
// (Job v1, Pod v1, PersistentVolumeClaim v1). A field the guide starts to
// use must be added to the schema below.

// TestKubernetesManifests checks the YAML blocks of the referee guide.
func TestKubernetesManifests(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := guideManifests(string(readme))
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, d := range docs {
		kinds = append(kinds, fmt.Sprint(d["kind"], " ", d["metadata"].(map[string]any)["name"]))
	}
	if want := "PersistentVolumeClaim meeple-results,Job meeple-match,Job meeple-merge"; strings.Join(kinds, ",") != want {
		t.Fatalf("the guide's manifests are %s; want %s", strings.Join(kinds, ","), want)
	}
	for _, err := range checkManifests(docs) {
		t.Error(err)
	}
}

// TestManifestCheck: the check catches the mistakes it is there for.
func TestManifestCheck(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ old, new, want string }{
		{"completionMode: Indexed", "completionmode: Indexed", "spec.completionmode: unknown field"},
		{"completions: 8", `completions: "8"`, "spec.completions: want an integer"},
		{"restartPolicy: OnFailure", "restartPolicy: Always", "restartPolicy: Always: a Job's pods need Never or OnFailure"},
		{"accessModes: [ReadWriteMany]", "accessModes: [ReadWriteAll]", `spec.accessModes[0]: "ReadWriteAll" is not one of`},
		{"cpu: \"4\"", "cpu: four", `requests.cpu: "four" is not a quantity`},
		{"- name: match", "- name: Match", `containers[0].name: "Match" is not a DNS label`},
		{"      volumes:\n      - name: results\n", "      volumes:\n      - name: result\n", `volumeMounts[0]: no volume "results"`},
		{`"--shard", "env/8"`, `"--shard", "env/4"`, "--shard env/4, but the Job has 8 completions"},
		{`"/results/shard-7"]`, `"/results/shard-8"]`, "/results/shard-6 /results/shard-8; want the match's 8 shard directories"},
		{"claimName: meeple-results", "claimName: meeple-result", `claimName: no PersistentVolumeClaim "meeple-result"`},
	} {
		broken := strings.Replace(string(readme), tc.old, tc.new, 1)
		if broken == string(readme) {
			t.Fatalf("the guide has no %q to break", tc.old)
		}
		docs, err := guideManifests(broken)
		var errs []error
		if err != nil {
			errs = append(errs, err)
		} else {
			errs = checkManifests(docs)
		}
		found := false
		for _, err := range errs {
			found = found || strings.Contains(err.Error(), tc.want)
		}
		if !found {
			t.Errorf("with %q for %q: errors %v; want one with %q", tc.new, tc.old, errs, tc.want)
		}
	}
}

// guideManifests parses every ```yaml block of the guide, each a stream
// of documents separated by ---.
func guideManifests(readme string) ([]map[string]any, error) {
	var docs []map[string]any
	blocks := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(readme, -1)
	for _, b := range blocks {
		for _, src := range regexp.MustCompile(`(?m)^---$`).Split(b[1], -1) {
			v, err := parseYAML(src)
			if err != nil {
				return nil, err
			}
			m, ok := v.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("a manifest is not a mapping: %.40q", src)
			}
			docs = append(docs, m)
		}
	}
	return docs, nil
}

// checkManifests checks each document against its kind's schema, then the
// rules across fields and documents.
func checkManifests(docs []map[string]any) []error {
	var errs []error
	claims := map[string]bool{}
	for _, d := range docs {
		if d["kind"] == "PersistentVolumeClaim" {
			claims[nameOf(d)] = true
		}
	}
	var checked []map[string]any
	for _, d := range docs {
		kind := fmt.Sprint(d["kind"])
		s := kinds[kind]
		if s == nil {
			errs = append(errs, fmt.Errorf("kind %q: not one the check knows", kind))
			continue
		}
		if es := s.check(kind+" "+nameOf(d), d); len(es) > 0 {
			errs = append(errs, es...)
			continue // the rules below read the fields the schema checked
		}
		if kind == "Job" {
			checked = append(checked, d)
		}
	}
	// The directories the match Job's indexes write are the ones the
	// merge Job must read.
	var shards []string
	for _, job := range checked {
		if args := jobArgs(job); len(args) > 0 && args[0] == "match" {
			n, _ := job["spec"].(map[string]any)["completions"].(int)
			for k := range n {
				shards = append(shards, strings.ReplaceAll(flagValue(args, "--out"), "$(JOB_COMPLETION_INDEX)", fmt.Sprint(k)))
			}
		}
	}
	for _, job := range checked {
		errs = append(errs, checkJob(job, claims, shards)...)
	}
	return errs
}

// nameOf is a manifest's metadata.name ("" if it has none).
func nameOf(doc map[string]any) string {
	meta, _ := doc["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	return name
}

// jobArgs is the args of a (checked) Job's first container.
func jobArgs(job map[string]any) []string {
	pod := job["spec"].(map[string]any)["template"].(map[string]any)["spec"].(map[string]any)
	cs := list(pod["containers"])
	if len(cs) == 0 {
		return nil
	}
	var args []string
	for _, a := range list(cs[0].(map[string]any)["args"]) {
		args = append(args, a.(string))
	}
	return args
}

// checkJob applies Kubernetes' rules for a Job's fields, and meeple's for
// its command line: a match plays --shard env/N, N its completions, each
// index into its own directory; a merge reads every shard's directory.
func checkJob(job map[string]any, claims map[string]bool, shards []string) []error {
	name := nameOf(job)
	var errs []error
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("Job %s: "+format, append([]any{name}, args...)...))
	}
	spec := job["spec"].(map[string]any)
	pod := spec["template"].(map[string]any)["spec"].(map[string]any)
	if p := pod["restartPolicy"]; p != "Never" && p != "OnFailure" {
		fail("spec.template.spec.restartPolicy: %v: a Job's pods need Never or OnFailure", p)
	}
	completions, hasCompletions := spec["completions"].(int)
	if spec["completionMode"] == "Indexed" && !hasCompletions {
		fail("spec.completions: an Indexed Job needs it")
	}
	volumes := map[string]bool{}
	for _, v := range list(pod["volumes"]) {
		v := v.(map[string]any)
		volumes[v["name"].(string)] = true
		if pvc, ok := v["persistentVolumeClaim"].(map[string]any); ok && !claims[pvc["claimName"].(string)] {
			fail("volume %s: claimName: no PersistentVolumeClaim %q in the guide", v["name"], pvc["claimName"])
		}
	}
	for i, c := range list(pod["containers"]) {
		c := c.(map[string]any)
		for j, m := range list(c["volumeMounts"]) {
			if mn := m.(map[string]any)["name"].(string); !volumes[mn] {
				fail("containers[%d].volumeMounts[%d]: no volume %q", i, j, mn)
			}
		}
	}
	args := jobArgs(job)
	switch {
	case len(args) > 0 && args[0] == "match":
		shard := flagValue(args, "--shard")
		if spec["completionMode"] != "Indexed" || shard != fmt.Sprintf("env/%d", completions) {
			fail("meeple match --shard %s, but the Job has %d completions (Indexed: %v): want --shard env/%d", shard, completions, spec["completionMode"] == "Indexed", completions)
		}
		if out := flagValue(args, "--out"); !strings.Contains(out, "$(JOB_COMPLETION_INDEX)") {
			fail("meeple match --out %s: each index needs its own directory: put $(JOB_COMPLETION_INDEX) in it", out)
		}
	case len(args) > 0 && args[0] == "merge":
		var srcs []string
		for i := 1; i < len(args); i++ {
			if args[i] == "--out" {
				i++
				continue
			}
			srcs = append(srcs, args[i])
		}
		if strings.Join(srcs, " ") != strings.Join(shards, " ") {
			fail("meeple merge reads %s; want the match's %d shard directories, %s", strings.Join(srcs, " "), len(shards), strings.Join(shards, " "))
		}
	}
	return errs
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func indexOf(args []string, s string) int {
	for i, a := range args {
		if a == s {
			return i
		}
	}
	return -1
}

// flagValue is the word after flag in args ("" if none).
func flagValue(args []string, flag string) string {
	if i := indexOf(args, flag); i >= 0 && i+1 < len(args) {
		return args[i+1]
	}
	return ""
}

// A schema is what a field may hold: one of the kinds below, for an
// object its fields (the required ones marked), for an array or a map its
// elements, for a string the values or the pattern it may have.
type schema struct {
	kind     string // object, array, map, string, int, bool, quantity
	fields   map[string]*schema
	required []string
	elem     *schema
	enum     []string
	pattern  *regexp.Regexp
	what     string // the pattern's name, for errors
}

func object(required []string, fields map[string]*schema) *schema {
	return &schema{kind: "object", fields: fields, required: required}
}
func arrayOf(e *schema) *schema { return &schema{kind: "array", elem: e} }
func mapOf(e *schema) *schema   { return &schema{kind: "map", elem: e} }
func oneOf(v ...string) *schema { return &schema{kind: "string", enum: v} }

var (
	str      = &schema{kind: "string"}
	integer  = &schema{kind: "int"}
	boolean  = &schema{kind: "bool"}
	quantity = &schema{kind: "quantity", pattern: regexp.MustCompile(`^[0-9]+(\.[0-9]+)?(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$`), what: "quantity"}
	// DNS-1123 label: container, volume and Job names (a Job's name is
	// also a label value, so 63 characters at most).
	label = &schema{kind: "string", pattern: regexp.MustCompile(`^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$`), what: "DNS label"}
)

// kinds maps a kind to the schema of the fields the guide uses.
var kinds = func() map[string]*schema {
	meta := object([]string{"name"}, map[string]*schema{"name": label})
	resources := object(nil, map[string]*schema{"requests": mapOf(quantity), "limits": mapOf(quantity)})
	container := object([]string{"name", "image"}, map[string]*schema{
		"name": label, "image": str, "command": arrayOf(str), "args": arrayOf(str), "resources": resources,
		"volumeMounts": arrayOf(object([]string{"name", "mountPath"}, map[string]*schema{"name": label, "mountPath": str, "readOnly": boolean})),
	})
	volume := object([]string{"name"}, map[string]*schema{
		"name":                  label,
		"persistentVolumeClaim": object([]string{"claimName"}, map[string]*schema{"claimName": label, "readOnly": boolean}),
	})
	pod := object([]string{"containers"}, map[string]*schema{
		"restartPolicy": oneOf("Always", "OnFailure", "Never"), "containers": arrayOf(container), "volumes": arrayOf(volume),
	})
	return map[string]*schema{
		"Job": object([]string{"apiVersion", "kind", "metadata", "spec"}, map[string]*schema{
			"apiVersion": oneOf("batch/v1"), "kind": oneOf("Job"), "metadata": meta,
			"spec": object([]string{"template"}, map[string]*schema{
				"completions": integer, "parallelism": integer, "completionMode": oneOf("NonIndexed", "Indexed"),
				"backoffLimit": integer,
				"template":     object([]string{"spec"}, map[string]*schema{"metadata": meta, "spec": pod}),
			}),
		}),
		"PersistentVolumeClaim": object([]string{"apiVersion", "kind", "metadata", "spec"}, map[string]*schema{
			"apiVersion": oneOf("v1"), "kind": oneOf("PersistentVolumeClaim"), "metadata": meta,
			"spec": object([]string{"accessModes", "resources"}, map[string]*schema{
				"accessModes":      arrayOf(oneOf("ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod")),
				"resources":        resources,
				"storageClassName": str,
			}),
		}),
	}
}()

// check reports where v does not fit s; path names v.
func (s *schema) check(path string, v any) []error {
	bad := func(format string, args ...any) []error {
		return []error{fmt.Errorf("%s: "+format, append([]any{path}, args...)...)}
	}
	switch s.kind {
	case "object", "map":
		m, ok := v.(map[string]any)
		if !ok {
			return bad("want a mapping, have %T", v)
		}
		var errs []error
		for _, k := range s.required {
			if _, ok := m[k]; !ok {
				errs = append(errs, fmt.Errorf("%s.%s: required", path, k))
			}
		}
		for k, fv := range m {
			fs := s.elem
			if s.kind == "object" {
				if fs = s.fields[k]; fs == nil {
					errs = append(errs, fmt.Errorf("%s.%s: unknown field", path, k))
					continue
				}
			}
			errs = append(errs, fs.check(path+"."+k, fv)...)
		}
		return errs
	case "array":
		l, ok := v.([]any)
		if !ok {
			return bad("want a sequence, have %T", v)
		}
		var errs []error
		for i, e := range l {
			errs = append(errs, s.elem.check(fmt.Sprintf("%s[%d]", path, i), e)...)
		}
		return errs
	case "int":
		if _, ok := v.(int); !ok {
			return bad("want an integer, have %T %v", v, v)
		}
	case "bool":
		if _, ok := v.(bool); !ok {
			return bad("want true or false, have %T %v", v, v)
		}
	case "quantity":
		if _, ok := v.(int); ok {
			return nil
		}
		if q, ok := v.(string); !ok || !s.pattern.MatchString(q) {
			return bad("%q is not a quantity", fmt.Sprint(v))
		}
	case "string":
		str, ok := v.(string)
		switch {
		case !ok:
			return bad("want a string, have %T %v", v, v)
		case s.enum != nil && indexOf(s.enum, str) < 0:
			return bad("%q is not one of %s", str, strings.Join(s.enum, ", "))
		case s.pattern != nil && !s.pattern.MatchString(str):
			return bad("%q is not a %s", str, s.what)
		}
	}
	return nil
}

// parseYAML reads the YAML the guide writes: block mappings and sequences
// by indentation (a sequence may stand at its key's indentation), flow
// sequences [a, b] over one or more lines, plain, "double" and 'single'
// quoted scalars, # comments. Plain integers are ints, true and false
// bools, every other scalar a string. Anything else is an error, not a
// guess.
func parseYAML(src string) (any, error) {
	var lines []yamlLine
	raw := strings.Split(src, "\n")
	for n := 0; n < len(raw); n++ {
		text := stripComment(raw[n])
		if strings.TrimSpace(text) == "" {
			continue
		}
		l := yamlLine{n: n + 1, indent: len(text) - len(strings.TrimLeft(text, " ")), text: strings.TrimSpace(text)}
		for depth(l.text) > 0 && n+1 < len(raw) { // a flow sequence goes on
			n++
			l.text += " " + strings.TrimSpace(stripComment(raw[n]))
		}
		if depth(l.text) != 0 || strings.Contains(l.text, "\t") {
			return nil, fmt.Errorf("yaml line %d: unbalanced brackets or a tab: %q", l.n, l.text)
		}
		lines = append(lines, l)
	}
	if len(lines) == 0 {
		return nil, nil
	}
	p := &yamlParser{lines: lines}
	v, err := p.block(lines[0].indent)
	if err == nil && p.i < len(lines) {
		err = fmt.Errorf("yaml line %d: unexpected %q", lines[p.i].n, lines[p.i].text)
	}
	return v, err
}

type yamlLine struct {
	n, indent int
	text      string
}

type yamlParser struct {
	lines []yamlLine
	i     int
}

// block reads the mapping or sequence whose first line is the next one.
func (p *yamlParser) block(indent int) (any, error) {
	if isItem(p.lines[p.i].text) {
		return p.sequence(indent)
	}
	return p.mapping(indent)
}

func (p *yamlParser) sequence(indent int) ([]any, error) {
	out := []any{}
	for p.i < len(p.lines) && p.lines[p.i].indent == indent && isItem(p.lines[p.i].text) {
		l := p.lines[p.i]
		rest := strings.TrimSpace(strings.TrimPrefix(l.text, "-"))
		if _, _, ok := cutKey(rest); ok {
			// A mapping starts on the item's line, its keys past the dash.
			p.lines[p.i] = yamlLine{n: l.n, indent: indent + 2, text: rest}
			m, err := p.mapping(indent + 2)
			if err != nil {
				return nil, err
			}
			out = append(out, m)
			continue
		}
		v, err := scalar(rest, l.n)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		p.i++
	}
	return out, nil
}

func (p *yamlParser) mapping(indent int) (map[string]any, error) {
	m := map[string]any{}
	for p.i < len(p.lines) && p.lines[p.i].indent >= indent {
		l := p.lines[p.i]
		if l.indent > indent {
			return nil, fmt.Errorf("yaml line %d: indented more than its mapping: %q", l.n, l.text)
		}
		if isItem(l.text) {
			break // the parent's sequence goes on
		}
		key, val, ok := cutKey(l.text)
		if !ok {
			return nil, fmt.Errorf("yaml line %d: want key: value, have %q", l.n, l.text)
		}
		if _, dup := m[key]; dup {
			return nil, fmt.Errorf("yaml line %d: key %q twice", l.n, key)
		}
		p.i++
		var err error
		switch {
		case val != "":
			m[key], err = scalar(val, l.n)
		case p.i < len(p.lines) && (p.lines[p.i].indent > indent || p.lines[p.i].indent == indent && isItem(p.lines[p.i].text)):
			m[key], err = p.block(p.lines[p.i].indent)
		default:
			m[key] = nil
		}
		if err != nil {
			return nil, err
		}
	}
	return m, nil
}

func isItem(text string) bool { return text == "-" || strings.HasPrefix(text, "- ") }

// cutKey splits "key: value" or "key:"; a key is plain.
func cutKey(text string) (key, val string, ok bool) {
	if text == "" || strings.ContainsAny(text[:1], `"'[{-`) {
		return "", "", false
	}
	if k, v, found := strings.Cut(text, ": "); found {
		return k, strings.TrimSpace(v), true
	}
	if k, found := strings.CutSuffix(text, ":"); found {
		return k, "", true
	}
	return "", "", false
}

// scalar reads a value: a flow sequence, a quoted or a plain scalar.
func scalar(s string, n int) (any, error) {
	switch {
	case strings.HasPrefix(s, "["):
		if !strings.HasSuffix(s, "]") {
			return nil, fmt.Errorf("yaml line %d: a flow sequence must end its value: %q", n, s)
		}
		out := []any{}
		for _, item := range splitFlow(s[1 : len(s)-1]) {
			v, err := scalar(strings.TrimSpace(item), n)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case strings.HasPrefix(s, `"`):
		v, err := strconv.Unquote(s)
		if err != nil {
			return nil, fmt.Errorf("yaml line %d: %s: %v", n, s, err)
		}
		return v, nil
	case strings.HasPrefix(s, "'"):
		if len(s) < 2 || !strings.HasSuffix(s, "'") {
			return nil, fmt.Errorf("yaml line %d: unterminated %s", n, s)
		}
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'"), nil
	case s == "":
		return nil, fmt.Errorf("yaml line %d: an empty value", n)
	case strings.ContainsAny(s[:1], "{&*!|>%@`"):
		return nil, fmt.Errorf("yaml line %d: %q is YAML this reader does not take", n, s)
	case s == "true" || s == "false":
		return s == "true", nil
	}
	if i, err := strconv.Atoi(s); err == nil {
		return i, nil
	}
	return s, nil
}

// splitFlow splits a flow sequence's inside at the commas outside quotes;
// an empty inside is no item.
func splitFlow(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var out []string
	start := 0
	unquoted(s, func(i int) bool {
		if s[i] == ',' {
			out = append(out, s[start:i])
			start = i + 1
		}
		return true
	})
	return append(out, s[start:])
}

// stripComment drops a # comment: at the start of the line or after a
// space, outside quotes.
func stripComment(line string) string {
	end := len(line)
	unquoted(line, func(i int) bool {
		if line[i] == '#' && (i == 0 || line[i-1] == ' ') {
			end = i
			return false
		}
		return true
	})
	return strings.TrimRight(line[:end], " ")
}

// depth is how many [ are open at the end of text, outside quotes.
func depth(text string) int {
	d := 0
	unquoted(text, func(i int) bool {
		switch text[i] {
		case '[':
			d++
		case ']':
			d--
		}
		return true
	})
	return d
}

// unquoted calls f with the index of each byte of s outside "double" and
// 'single' quotes (and not a quote itself), until f returns false.
func unquoted(s string, f func(i int) bool) {
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quote == '"' && c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case !f(i):
			return
		}
	}
}
