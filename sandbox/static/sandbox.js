"use strict";
// The sandbox page: shows what the chosen member sees in a channel and acts for them:
// a slash command typed in the box (asking the bot for choices as an option that offers
// them is typed), a click, a pick, or a chat message (anything else typed).
// The server holds all state; this page only renders /api/channel and posts actions.

const state = {
  user: null, channel: null, home: null, members: [], commands: {}, games: [], view: null,
  // The app whose Activity the launcher and the buttons open: its id and name.
  app: null,
  // The member whose view is on screen: the chosen member once their view has come. What
  // the page shows as them (the sidebar, "as …") and what it does for them follow it, so
  // that a button of one member's private message is never pressed as another.
  viewer: null,
  // Whether the view stays at the newest message: until the reader scrolls up.
  follow: true,
  // The message a link was followed to, marked until another channel is opened.
  highlight: null,
  // "Follow turns": act as whoever must act in the open channel's game, as soon as the
  // turn passes (one person playing every seat on a phone taps only the moves).
  followTurns: localStorage.getItem("claimit-sandbox-follow-turns") === "on",
  // The bot's choices for the option being typed: what the box held when they were asked
  // for, and the option; shown while the box still holds that.
  choices: null,
  // The choices the bot offered for each option, by its name, sent with the command: a
  // picked choice shows its name in the box, and the command carries its value.
  suggested: {},
  // How far (ms) the sandbox's clock is ahead of this page's, as the last view said.
  clockAhead: 0,
};
const $ = (id) => document.getElementById(id);

// Every value put into the HTML, text or attribute, goes through here; ids and numbers too.
function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// What the page writes itself, as Discord's client words it in the reader's language: the
// member the page shows the channel as. A relative time's one unit (a timestamp "in a
// day") is moment.js's wording, which Discord's client uses; more are Intl's.
const WORDS = {
  en: {
    onlyYou: "Only you can see this", edited: "(edited)", silent: "Sent silently", future: "in %s", past: "%s ago",
    one: { second: "a few seconds", minute: "a minute", hour: "an hour", day: "a day", month: "a month", year: "a year" },
  },
  de: {
    onlyYou: "Nur du kannst das sehen", edited: "(bearbeitet)", silent: "Lautlos gesendet", future: "in %s", past: "vor %s",
    one: { second: "ein paar Sekunden", minute: "einer Minute", hour: "einer Stunde", day: "einem Tag", month: "einem Monat", year: "einem Jahr" },
  },
};

function viewer() {
  return state.members.find((m) => m.id === state.viewer) || null;
}

function viewerLocale() {
  const me = viewer();
  return (me && me.locale) || "en-US";
}

function words() {
  return WORDS[viewerLocale().split("-")[0]] || WORDS.en;
}

// Discord shows a timestamp in the reader's own time zone (their device's).
function viewerTimeZone() {
  const me = viewer();
  return (me && me.time_zone) || undefined;
}

function formatted(date, options) {
  return new Intl.DateTimeFormat(viewerLocale(), { timeZone: viewerTimeZone(), ...options }).format(date);
}

// <t:…:style> as Discord's client writes each style: t 4:20 PM, T 4:20:30 PM,
// d 04/20/2021, D April 20, 2021, f (the default) April 20, 2021 4:20 PM,
// F Tuesday, April 20, 2021 4:20 PM, R in 2 days.
function timestamp(seconds, style) {
  const date = new Date(seconds * 1000);
  const time = formatted(date, { timeStyle: "short" });
  switch (style) {
    case "t": return time;
    case "T": return formatted(date, { timeStyle: "medium" });
    case "d": return formatted(date, { year: "numeric", month: "2-digit", day: "2-digit" });
    case "D": return formatted(date, { dateStyle: "long" });
    case "F": return `${formatted(date, { dateStyle: "full" })} ${time}`;
    case "R": return relative(seconds - sandboxNow());
    default: return `${formatted(date, { dateStyle: "long" })} ${time}`;
  }
}

// The sandbox's time (seconds): the page's own clock, as far ahead as the sandbox's is.
function sandboxNow() {
  return (Date.now() + state.clockAhead) / 1000;
}

// moment.js's fromNow, as Discord's client words a relative time: its thresholds (45 s,
// 45 min, 22 h, 26 days, 11 months), and its word for one unit ("a day").
function relative(seconds) {
  const away = Math.abs(seconds);
  const round = (size) => Math.round(away / size);
  let count, unit;
  if (away < 45) [count, unit] = [0, "second"];
  else if (away < 90) [count, unit] = [1, "minute"];
  else if (away < 45 * 60) [count, unit] = [round(60), "minute"];
  else if (away < 90 * 60) [count, unit] = [1, "hour"];
  else if (away < 22 * 3600) [count, unit] = [round(3600), "hour"];
  else if (away < 36 * 3600) [count, unit] = [1, "day"];
  else if (away < 26 * 86400) [count, unit] = [round(86400), "day"];
  else if (away < 45 * 86400) [count, unit] = [1, "month"];
  else if (away < 320 * 86400) [count, unit] = [Math.round(away / (30.4375 * 86400)), "month"];
  else if (away < 548 * 86400) [count, unit] = [1, "year"];
  else [count, unit] = [Math.round(away / (365.25 * 86400)), "year"];
  const said = words();
  if (count > 1) {
    return new Intl.RelativeTimeFormat(viewerLocale(), { numeric: "always" }).format(seconds < 0 ? -count : count, unit);
  }
  return (seconds < 0 ? said.past : said.future).replace("%s", said.one[unit]);
}

// A link to a message on Discord opens that message here: the sandbox's ids are its own,
// and discord.com knows none of them.
const MESSAGE_LINK = /^https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/channels\/(\d+)\/(\d+)\/(\d+)$/;
const LINKS = /\[([^\]]+)\]\((https?:[^)\s]+)\)|(https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/channels\/\d+\/\d+\/\d+)/g;

// The label and address arrive escaped already (markdown escapes first).
function link(label, url) {
  const jump = MESSAGE_LINK.exec(url);
  if (jump) {
    return `<a href="#${escapeHtml(jump[3])}" data-channel="${escapeHtml(jump[2])}" data-message="${escapeHtml(jump[3])}">${label}</a>`;
  }
  return `<a href="${url}" target="_blank" rel="noopener">${label}</a>`;
}

// Discord's markdown, as far as the bot uses it: code blocks, code, bold, italics,
// links, mentions, channels and timestamps. Everything is escaped first.
function markdown(text) {
  const names = (state.view && state.view.names) || {};
  const channelNames = (state.view && state.view.channel_names) || {};
  const blocks = text.split("```");
  return blocks.map((block, index) => {
    if (index % 2 === 1) return `<pre>${escapeHtml(block.replace(/^\n/, ""))}</pre>`;
    // NUL marks where a finished link waits (below), so the text itself may hold none.
    let html = escapeHtml(block.replace(/\u0000/g, ""));
    html = html.replace(/`([^`]+)`/g, "<code>$1</code>");
    html = html.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
    html = html.replace(/(^|[^\\])\*([^*\n]+)\*/g, "$1<em>$2</em>");
    // Links are set aside while mentions and timestamps are replaced: a mention inside
    // an address must not become markup inside its href.
    const links = [];
    html = html.replace(LINKS, (_, label, url, bare) => {
      links.push(bare ? link(bare, bare) : link(label, url));
      return `\u0000${links.length - 1}\u0000`;
    });
    html = html.replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention">@${escapeHtml(names[id] || "unknown")}</span>`);
    html = html.replace(/&lt;#(\d+)&gt;/g, (_, id) => (channelNames[id]
      ? `<a href="#" class="mention" data-channel="${escapeHtml(id)}">#${escapeHtml(channelNames[id])}</a>`
      : '<span class="mention">#deleted</span>'));
    html = html.replace(/&lt;t:(\d+)(?::([tTdDfFR]))?&gt;/g, (_, s, style) => `<time>${escapeHtml(timestamp(Number(s), style))}</time>`);
    html = html.replace(/\u0000(\d+)\u0000/g, (_, n) => links[Number(n)]);
    // Discord's headings and subtext stand at the start of a line; the newline after
    // one goes, since it is a block of its own.
    html = html.replace(/^(#{1,3}) (.+)$\n?/gm, (_, hashes, body) => `<span class="heading h${hashes.length}">${body}</span>`);
    html = html.replace(/^-# (.+)$\n?/gm, '<span class="subtext">$1</span>');
    return html.replace(/\\([*_`~\\])/g, "$1");
  }).join("");
}

// Colours and styles end up inside style and class attributes: only known-good values pass.
function colour(color) {
  return Number.isInteger(color) && color >= 0 && color <= 0xffffff
    ? `#${color.toString(16).padStart(6, "0")}` : null;
}

function embedColour(color) {
  return colour(color) || "#4e5058";
}

function buttonStyle(style) {
  return Number.isInteger(style) && style >= 1 && style <= 6 ? style : 2;
}

// Members wear the avatars the emulator draws for them (as /claimit stats shows them); the
// app wears the page's icon. Neither uses a player's colour.
function avatar(person, small) {
  const size = small ? " small" : "";
  const [kind, url] = person.bot ? [" app", "/static/favicon.svg"] : ["", person.avatar_url];
  return `<img class="avatar${kind}${size}" alt="" src="${escapeHtml(url)}">`;
}

// Width and height, when known, keep an image's place before it loads: the view is placed
// at the newest message before the pictures arrive.
function sized(image) {
  return hasSize(image) ? ` width="${escapeHtml(image.width)}" height="${escapeHtml(image.height)}"` : "";
}

function hasSize(image) {
  const number = (value) => Number.isInteger(value) && value > 0;
  return number(image.width) && number(image.height);
}

// The most room Discord's desktop client gives a picture, which it scales down to fit
// (never up), keeping its shape: a message's picture on its own (an attachment, or a media
// gallery of one item) 550×350, the box of the client's media mosaic for one item; an
// embed's image 400×300, the embed's (as measured in leovoel/embed-visualizer#30). A
// narrower screen narrows either further (sandbox.css caps them by the same figures while
// a picture's size is unknown). A click shows the picture larger, as on Discord.
const MESSAGE_PICTURE = { width: 550, height: 350 };
const EMBED_PICTURE = { width: 400, height: 300 };

function fitted(image, box) {
  if (!hasSize(image)) return "";
  const scale = Math.min(1, box.width / image.width, box.height / image.height);
  return `${sized(image)} style="width:${escapeHtml(Math.floor(image.width * scale))}px"`;
}

function icon(url) {
  return url ? `<img alt="" src="${escapeHtml(url)}">` : "";
}

function renderEmbed(embed) {
  const fields = (embed.fields || []).map((f) => `
    <div class="field${f.inline === false ? " wide" : ""}">
      <div class="field-name">${markdown(f.name)}</div>
      <div class="field-value">${markdown(f.value)}</div>
    </div>`).join("");
  const image = embed.image && embed.image.url ? embed.image : null;
  return `<div class="embed" style="border-left-color:${escapeHtml(embedColour(embed.color))}">
    ${embed.thumbnail && embed.thumbnail.url ? `<img class="thumbnail" alt="" src="${escapeHtml(embed.thumbnail.url)}">` : ""}
    ${embed.author && embed.author.name ? `<div class="author">${icon(embed.author.icon_url)}${escapeHtml(embed.author.name)}</div>` : ""}
    ${embed.title ? `<div class="title">${markdown(embed.title)}</div>` : ""}
    ${embed.description ? `<div class="description">${markdown(embed.description)}</div>` : ""}
    ${fields ? `<div class="fields">${fields}</div>` : ""}
    ${image ? `<img class="image board" alt="board" src="${escapeHtml(image.url)}"${fitted(image, EMBED_PICTURE)}>` : ""}
    ${embed.footer ? `<div class="footer">${icon(embed.footer.icon_url)}${escapeHtml(embed.footer.text)}</div>` : ""}
  </div>`;
}

function renderComponents(message) {
  return (message.components || []).map((row) => renderRow(message, row)).join("");
}

function renderRow(message, row) {
  return `<div class="row">${(Array.isArray(row.components) ? row.components : []).map((c) => {
    if (c.type === 2) return renderButton(message, c);
    if (c.type === 3) {
      const options = (c.options || []).map((o) => `<option value="${escapeHtml(o.value)}">${escapeHtml(optionText(o))}</option>`).join("");
      return `<select data-message="${escapeHtml(message.id)}" data-custom-id="${escapeHtml(c.custom_id)}" ${c.disabled ? "disabled" : ""}>
        <option value="" selected disabled>${escapeHtml(c.placeholder || "Choose…")}</option>${options}</select>`;
    }
    if (c.type === 5) {
      // A user select: Discord's client offers the server's members; one picked here
      // goes as the pick (within any menu's one to max_values).
      const people = state.members.map((m) => `<option value="${escapeHtml(m.id)}">${escapeHtml(m.name)}</option>`).join("");
      return `<select data-message="${escapeHtml(message.id)}" data-custom-id="${escapeHtml(c.custom_id)}" data-users="1" ${c.disabled ? "disabled" : ""}>
        <option value="" selected disabled>${escapeHtml(c.placeholder || "Choose someone…")}</option>${people}</select>`;
    }
    return "";
  }).join("")}</div>`;
}

function renderButton(message, c) {
  const emoji = c.emoji && c.emoji.name ? `${escapeHtml(c.emoji.name)} ` : "";
  return `<button type="button" class="style-${escapeHtml(buttonStyle(c.style))}" data-message="${escapeHtml(message.id)}"
        data-custom-id="${escapeHtml(c.custom_id || "")}" ${c.disabled ? "disabled" : ""}>${emoji}${escapeHtml(c.label || "")}</button>`;
}

// Components V2: the message is a tree of components, drawn in order as Discord lays them
// out. What the page does not know (a future component) is left out, as an old client does.
function renderTree(message, components) {
  return (Array.isArray(components) ? components : []).map((c) => renderPart(message, c)).join("");
}

function renderPart(message, c) {
  if (!c || typeof c !== "object") return "";
  switch (c.type) {
    case 1: return renderRow(message, c);
    case 9: return renderSection(message, c);
    case 10: return `<div class="text">${markdown(String(c.content ?? ""))}</div>`;
    case 12: return renderGallery(c.items);
    case 13: return renderFile(c);
    case 14: return `<div class="separator${c.spacing === 2 ? " large" : ""}${c.divider === false ? "" : " divider"}" role="separator"></div>`;
    case 17: {
      const accent = colour(c.accent_color);
      return spoiler(c, `<div class="container${accent ? " accent" : ""}"${accent ? ` style="border-left-color:${escapeHtml(accent)}"` : ""}>
        ${renderTree(message, c.components)}</div>`);
    }
    default: return "";
  }
}

// A spoiler is blurred until clicked, and nothing in it can be used or focused before.
function spoiler(component, html) {
  return component.spoiler === true ? `<div class="spoiler" title="Spoiler: click to show"><div inert>${html}</div></div>` : html;
}

function picture(media) {
  return media && typeof media === "object" && typeof media.url === "string" && media.url ? media : null;
}

// The text on the left, its button or thumbnail on the right.
function renderSection(message, c) {
  const accessory = c.accessory || {};
  let side = "";
  if (accessory.type === 2) side = renderButton(message, accessory);
  if (accessory.type === 11 && picture(accessory.media)) {
    side = spoiler(accessory, `<img class="thumbnail" alt="${escapeHtml(accessory.description || "")}" src="${escapeHtml(accessory.media.url)}">`);
  }
  return `<div class="section"><div class="section-text">${renderTree(message, c.components)}</div>
    ${side ? `<div class="accessory${accessory.type === 2 ? " button" : ""}">${side}</div>` : ""}</div>`;
}

// Discord's mosaic: one picture whole; two side by side; three as one large and two
// stacked beside it; four as two by two; more in rows of three, the first row taking what
// is left over (one or two). Cropped cells all have their size before the pictures come.
function renderGallery(items) {
  const shown = (Array.isArray(items) ? items : []).filter((item) => item && picture(item.media)).slice(0, 10);
  const count = shown.length;
  if (!count) return "";
  const first = count === 4 ? 2 : count % 3 || 3;
  return `<div class="gallery${count === 1 ? " single" : ""}${count === 3 ? " three" : ""}">${shown.map((item, i) => {
    const perRow = count === 4 || i < first ? Math.min(first, count) : 3;
    const image = `<img alt="${escapeHtml(item.description || "")}" src="${escapeHtml(item.media.url)}"${count === 1 ? fitted(item.media, MESSAGE_PICTURE) : sized(item.media)}>`;
    return `<div class="item per-${perRow}">${spoiler(item, image)}</div>`;
  }).join("")}</div>`;
}

function renderFile(c) {
  const file = picture(c.file);
  if (!file) return "";
  const name = typeof c.name === "string" && c.name ? c.name : file.url.split("/").pop();
  const size = Number.isInteger(c.size) && c.size >= 0 ? `<div class="size">${escapeHtml(fileSize(c.size))}</div>` : "";
  return spoiler(c, `<div class="file"><span class="file-icon" aria-hidden="true">📄</span>
    <div><a href="${escapeHtml(file.url)}" download="${escapeHtml(name)}">${escapeHtml(name)}</a>${size}</div></div>`);
}

function fileSize(bytes) {
  const units = ["bytes", "KB", "MB", "GB"];
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) { size /= 1024; unit += 1; }
  return unit ? `${size.toFixed(2)} ${units[unit]}` : `${size} ${units[0]}`;
}

// A menu's option as one line (a native menu has no second line): its emoji, its label and,
// after a dash, its description, which Discord shows under the label.
function optionText(option) {
  const emoji = option.emoji && option.emoji.name ? `${option.emoji.name} ` : "";
  return `${emoji}${option.label || ""}${option.description ? ` — ${option.description}` : ""}`;
}

function renderMessage(message) {
  const author = message.author;
  const body = message.loading
    ? `<div class="loading">${escapeHtml(author.name)} is thinking…</div>`
    : message.components_v2 ? `<div class="v2">${renderTree(message, message.components)}</div>`
    : `${message.content ? `<div class="content">${markdown(message.content)}</div>` : ""}
       ${message.embeds.map(renderEmbed).join("")}
       ${message.attachments.map((a) => `<div class="attachment"><img alt="${escapeHtml(a.filename)}" src="${escapeHtml(a.url)}"${fitted(a, MESSAGE_PICTURE)}></div>`).join("")}
       <div class="components">${renderComponents(message)}</div>`;
  const thread = message.thread
    ? `<div class="thread-link">🧵 <a href="#" data-channel="${escapeHtml(message.thread.id)}">${escapeHtml(message.thread.name)}</a></div>` : "";
  const when = timestamp(message.created_at, "t");
  const marks = `${message.ephemeral ? " ephemeral" : ""}${message.id === state.highlight ? " highlight" : ""}`;
  return `<article class="message${marks}" data-id="${escapeHtml(message.id)}">
    ${avatar(author)}
    <div class="body">
      <div><span class="author">${escapeHtml(author.name)}</span>${author.bot ? '<span class="tag">APP</span>' : ""}
        <span class="time">${escapeHtml(when)}${message.edited ? ` ${escapeHtml(words().edited)}` : ""}</span>${message.silent ? silentMark() : ""}</div>
      ${body}${thread}
      ${message.ephemeral ? `<div class="only-you">👁 ${escapeHtml(words().onlyYou)}</div>` : ""}
    </div></article>`;
}

// Discord's mark of a message sent with @silent: a bell struck through, by its time.
function silentMark() {
  const said = escapeHtml(words().silent);
  return `<svg class="silent" role="img" aria-label="${said}" viewBox="0 0 24 24"><title>${said}</title>
    <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"/>
    <path stroke="currentColor" stroke-width="2.5" stroke-linecap="round" d="M3 3l18 18"/></svg>`;
}

function renderSidebar() {
  $("members").innerHTML = state.members.map((m) => `
    <li data-user="${escapeHtml(m.id)}" class="${m.id === state.viewer ? "active" : ""}">
      ${avatar(m, true)}<span>${escapeHtml(m.name)}</span>
      ${m.manages_server ? '<span class="badge">Manage Server</span>' : ""}
      <span class="language" title="Their Discord is in ${escapeHtml(m.language)}, their clock in ${escapeHtml(m.time_zone)}">${escapeHtml(m.locale)}</span></li>`).join("");
  const channels = (state.view && state.view.channels) || [];
  $("channels").innerHTML = channels.map((c) => `
    <li data-channel="${escapeHtml(c.id)}" class="${c.thread ? "thread" : ""} ${c.id === state.channel ? "active" : ""}">
      ${c.thread ? "🧵" : "#"} ${escapeHtml(c.name)}</li>`).join("");
  renderVoice();
  // The member's direct messages with the bot (its turn notices) and their group DMs,
  // theirs alone.
  const dm = state.view && state.view.dm;
  const groups = (state.view && state.view.group_dms) || [];
  const places = [...(dm ? [dm] : []), ...groups];
  $("dms-heading").hidden = !places.length;
  $("dms").innerHTML = places.map((c) => `
    <li data-channel="${escapeHtml(c.id)}" class="${c.group_dm ? "group-dm" : "dm"} ${c.id === state.channel ? "active" : ""}">
      ${kindMark(c)} ${escapeHtml(c.name)}</li>`).join("");
  const me = viewer();
  $("acting-as").textContent = me ? `as ${me.name}` : "";
  renderClock();
}

// The server's voice channels as Discord lists them: a click opens the channel's chat;
// under it, its status and who is in voice; and the button that joins it, or leaves it
// for the member acted as, who is in it.
function renderVoice() {
  const voice = (state.view && state.view.voice_channels) || [];
  $("voice-heading").hidden = !voice.length;
  $("voice").innerHTML = voice.map((c) => {
    const here = c.in_voice.some((p) => p.id === state.viewer);
    const control = here
      ? `<button type="button" class="voice-control" data-voice="leave">Leave voice</button>`
      : `<button type="button" class="voice-control" data-voice="join" data-voice-channel="${escapeHtml(c.id)}" title="Join voice as the member acted as">Join voice</button>`;
    return `<li data-channel="${escapeHtml(c.id)}" class="voice ${c.id === state.channel ? "active" : ""}">
      <span class="voice-name">🔊 ${escapeHtml(c.name)}</span>${control}</li>
      ${c.status ? `<li class="voice-status">${escapeHtml(c.status)}</li>` : ""}
      ${c.in_voice.map((p) => `<li class="in-voice">${avatar(p, true)}<span>${escapeHtml(p.name)}</span></li>`).join("")}`;
  }).join("");
}

// Joins the voice channel, or leaves voice, as the member acted as: every page shows it
// once the sandbox says it changed.
async function voice(action, channel) {
  try {
    showError("");
    await post(`/api/voice/${action}`, action === "join" ? { channel } : {});
  } catch (error) { showError(error.message); }
}

// The mark Discord's client puts before a place's name.
function kindMark(channel) {
  if (channel.dm) return "✉️";
  if (channel.group_dm) return "👥";
  if (channel.voice) return "🔊";
  return channel.thread ? "🧵" : "#";
}

// A place's name as Discord writes it in a title or the message box: "#games",
// "🔊game-night"; a thread's or a DM's alone.
function placeName(channel) {
  const mark = kindMark(channel);
  return `${mark === "#" || mark === "🔊" ? mark : ""}${channel.name}`;
}

// The sandbox's time, in the member's own zone, and how far it was moved on.
function renderClock() {
  if (!state.view) return;
  const now = formatted(new Date(state.view.now * 1000), { dateStyle: "medium", timeStyle: "short" });
  const ahead = Math.round(state.view.ahead / 60);
  const days = Math.floor(ahead / 1440);
  const hours = Math.floor((ahead % 1440) / 60);
  const minutes = ahead % 60;
  const moved = [days && `${days} d`, hours && `${hours} h`, minutes && `${minutes} min`].filter(Boolean).join(" ");
  $("sandbox-time").textContent = moved ? `${now} (moved on ${moved})` : now;
}

function renderHeader() {
  const channel = state.view.channel;
  $("channel-kind").textContent = kindMark(channel);
  $("channel-name").textContent = channel.name;
  // Discord opens the app's Activity outside a server only for apps its users installed.
  $("launch-activity").hidden = !channel.launcher;
  document.title = `${placeName(channel)} · Game sandbox`;
  renderPlaceholder();
}

// Messages keep their element while they look the same: their pictures are not fetched
// again, a menu being opened stays open, and the reader's place stays put.
const renderedAs = new WeakMap();

function renderMessages() {
  const box = $("messages");
  const list = $("message-list");
  const sameChannel = list.dataset.channel === state.view.channel.id;
  const anchor = sameChannel && !state.follow ? firstVisible() : null;
  const old = new Map([...list.children].map((element) => [element.dataset.id, element]));
  list.replaceChildren(...state.view.messages.map((message) => {
    const html = renderMessage(message);
    const kept = old.get(message.id);
    if (kept && renderedAs.get(kept) === html) return kept;
    const template = document.createElement("template");
    template.innerHTML = html;
    const element = template.content.firstElementChild;
    renderedAs.set(element, html);
    return element;
  }));
  list.dataset.channel = state.view.channel.id;
  renderEmpty();
  if (state.follow) {
    toBottom();
  } else if (anchor) {
    const element = article(anchor.id);
    if (element) box.scrollTop += element.getBoundingClientRect().top - box.getBoundingClientRect().top - anchor.offset;
  }
  $("jump").hidden = state.follow;
}

function article(id) {
  return [...$("message-list").children].find((element) => element.dataset.id === id) || null;
}

function firstVisible() {
  const top = $("messages").getBoundingClientRect().top;
  const element = [...$("message-list").children].find((e) => e.getBoundingClientRect().bottom > top);
  return element ? { id: element.dataset.id, offset: element.getBoundingClientRect().top - top } : null;
}

function toBottom() {
  const box = $("messages");
  box.scrollTop = box.scrollHeight;
}

// One load at a time, in order: a slow answer must not overwrite a newer one.
let loading = Promise.resolve();
function refresh() {
  // A failed load is not reported here: the live dot shows the connection, and the next
  // change loads again.
  loading = loading.then(load).catch(() => {});
  return loading;
}

async function load() {
  const user = state.user;
  const channel = state.channel;
  const query = new URLSearchParams({ user, channel });
  const response = await fetch(`/api/channel?${query}`);
  // Another member or channel was chosen while this was on its way: that choice's own load
  // comes next, and this answer (another member's private messages) must not be shown.
  const stale = () => user !== state.user || channel !== state.channel;
  if (stale()) return;
  if (response.status === 404 && channel !== state.home) {
    state.channel = state.home;
    state.follow = true;
    return load();
  }
  if (!response.ok) throw new Error(await response.text());
  const view = await response.json();
  if (stale()) return;
  if (pressing) {
    heldView = { view, user, channel };
    $("message-list").setAttribute("aria-busy", "true");
    return;
  }
  show(view, user);
}

function show(view, user) {
  state.view = view;
  state.viewer = user;
  state.clockAhead = view.now * 1000 - Date.now();
  renderHeader();
  renderMessages();
  renderSidebar();
  renderActivity(view);
  followTurn(view);
}

// A press on the messages holds them still until its release: a message coming meanwhile
// (the bot's answer to the click before) would move them under the pointer, and the
// release, over something else, would make no click. A menu's press is left out: its pick
// comes from its own popup, with no release on the page.
let pressing = false;
let heldView = null;
$("messages").addEventListener("pointerdown", (event) => {
  if (!event.target.closest("select, input, textarea")) pressing = true;
});
for (const released of ["pointerup", "pointercancel"]) {
  // After the click the release makes, which comes in the same task.
  document.addEventListener(released, () => setTimeout(release));
}
window.addEventListener("blur", release);

function release() {
  pressing = false;
  const held = heldView;
  heldView = null;
  $("message-list").removeAttribute("aria-busy");
  $("jump").hidden = state.follow;
  // A view of the member or channel left meanwhile gives way to the new choice's own load.
  if (held && held.user === state.user && held.channel === state.channel) show(held.view, held.user);
  else if (!held && state.follow) toBottom();
}

// Acts as one of the members who must act now, unless the page acts as one already; a
// computer player's turn, or a lobby, changes nobody.
function followTurn(view) {
  if (!state.followTurns) return;
  const acting = (view.to_act || []).filter((id) => state.members.some((m) => m.id === id));
  if (acting.length && !acting.includes(state.user)) switchUser(acting[0]);
}

function setFollowTurns(on) {
  state.followTurns = on;
  localStorage.setItem("claimit-sandbox-follow-turns", on ? "on" : "off");
  $("follow-turns").setAttribute("aria-pressed", String(on));
  if (on) refresh();
}

// Opens a channel or thread at its newest message, or at the message a link points to.
async function openChannel(id, messageId) {
  setMenu(false);
  state.channel = id;
  state.highlight = messageId || null;
  state.follow = !messageId;
  await refresh();
  if (!messageId) return;
  const element = article(messageId);
  if (!element) return showError("That message isn't there any more.");
  // A message taller than the view shows its end: a game's board and buttons are there.
  const fits = element.offsetHeight <= $("messages").clientHeight;
  element.scrollIntoView({ block: fits ? "center" : "end" });
}

// Moves the sandbox's time on: the page shows it when the view comes again, as the
// sandbox tells every page it changed.
async function moveClock(seconds) {
  try {
    showError("");
    await post("/api/clock", { seconds });
  } catch (error) { showError(error.message); }
}

function setMenu(open) {
  document.body.classList.toggle("menu-open", open);
  $("menu-button").setAttribute("aria-expanded", String(open));
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    // As the member whose view the page shows: the control used is in their view.
    body: JSON.stringify({ user: state.viewer || state.user, ...body }),
  });
  if (!response.ok) {
    // Read once: the API says why in JSON, aiohttp's own refusals in plain text.
    const text = await response.text().catch(() => "");
    let data = null;
    try { data = JSON.parse(text); } catch { /* plain text */ }
    throw new Error(data && data.error ? data.error : text || `failed (${response.status})`);
  }
  return response.json();
}

function showError(text) {
  const box = $("composer-error");
  box.textContent = text;
  box.hidden = !text;
}

// Which games there are and how to start each: in the sidebar (a click types the command),
// the message box and an empty channel.
function renderGames() {
  const games = state.games;
  $("games").innerHTML = games.map((g) => `<li data-command="${escapeHtml(starter(g))}" title="Type /${escapeHtml(starter(g))}">
    <span>${escapeHtml(g.title)}</span> <code>/${escapeHtml(g.command)}</code></li>`).join("");
  $("games-hint").innerHTML = games.length
    ? `A click types <code>/… new</code>, which opens a lobby; add options such as <code>bots:1</code>, and press Enter. <code>/… rules</code> explains a game.`
    : "";
  for (const id of ["games", "games-heading", "games-hint"]) $(id).hidden = !games.length;
  renderPlaceholder();
  if (state.view) renderEmpty();
}

// What an empty channel invites to: a game where games are played; in a DM with the bot,
// where no game can start, what comes there and what the bot answers there.
function renderEmpty() {
  const empty = $("empty");
  empty.hidden = state.view.messages.length > 0;
  if (state.view.channel.dm) {
    const mine = myCommands().map((c) => `/${c.name}`);
    empty.textContent = mine.length
      ? `No messages yet. Your turns come here if you choose /my settings notify: a direct message; here you can type ${mine.join(" or ")}.`
      : "No messages yet.";
    return;
  }
  if (state.view.channel.group_dm) {
    const mine = myCommands().map((c) => `/${c.name}`);
    const starts = state.games.filter((g) => state.view.offered.includes(g.command)).map((g) => `/${starter(g)}`);
    empty.textContent = starts.length ? `No messages yet. Say hello, or start a game here: ${starts.join(" or ")}.`
      : mine.length ? `No messages yet. Say hello, or type ${mine.join(" or ")}.`
      : "No messages yet. Say hello: the app offers none of its commands in this group DM.";
    return;
  }
  if (state.view.channel.holds_game) {
    // A lobby's thread, its table still to come: the bot refuses another game in it.
    const home = state.view.channels.find((c) => !c.thread);
    const from = home ? `#${home.name}` : "the channel";
    empty.textContent = `No messages yet. This thread is ${state.view.channel.name}'s: its table comes here once the game starts. Say hello meanwhile; new games start from ${from}.`;
    return;
  }
  const voice = state.view.channel.voice;
  const starts = state.games.map((g) => `/${starter(g, voice)}`);
  // A voice channel's chat invites to a game night, for everyone in voice with the host.
  const start = voice && state.games.some((g) => g.voice)
    ? "join voice with your friends and start a game night here" : "start a game here";
  empty.textContent = starts.length
    ? `No messages yet. Say hello, or ${start}: ${starts.join(" or ")}.`
    : "No messages yet. Say hello, or type / for commands.";
}

// How the member acted as starts a game, in their Discord's language: "nuggets neu"; in a
// voice channel's chat, a game night for those in voice, where the game offers one.
function starter(game, inVoice) {
  const me = state.members.find((m) => m.id === state.user);
  const night = inVoice && game.voice && me && game.voice[me.locale] ? ` ${game.voice[me.locale]}:true` : "";
  return `${game.command} ${(me && game.new[me.locale]) || "new"}${night}`;
}

// The box says both things it does, as Discord's "Message #games" does the one: chat in
// the channel or thread on screen, or a command.
function renderPlaceholder() {
  const channel = state.view && state.view.channel;
  if (channel && (channel.dm || channel.group_dm)) {
    const to = channel.dm ? `@${channel.name}` : channel.name;
    $("command").placeholder = `Message ${to}${myCommands().length ? ", or type / for commands" : ""}`;
    return;
  }
  const where = channel ? placeName(channel) : "the channel";
  const starts = state.games.map((g) => `/${starter(g, channel && channel.voice)}`);
  const example = starts.length ? `, e.g. ${starts.join(" or ")}` : "";
  $("command").placeholder = `Message ${where}, or type / for commands${example}`;
}

// The commands as the member acted as reads them: Discord shows each member the names,
// descriptions and choices in their own language; where they type, only those offered
// there (by the commands' contexts and where the app is installed).
function myCommands() {
  const me = state.members.find((m) => m.id === state.user);
  const commands = (me && state.commands[me.locale]) || [];
  return state.view ? commands.filter((c) => state.view.offered.includes(c.command)) : commands;
}

// Completion of command names, as Discord's box offers them.
function matchingCommands(text) {
  if (!text.startsWith("/")) return [];
  const typed = text.slice(1).toLowerCase();
  return myCommands().filter((c) => c.name.startsWith(typed) || (typed.startsWith(c.name + " ")));
}

// The suggestion list under the box, as Discord's offers: the commands whose names match
// what is typed; after a command, its options not given yet (by what is typed of their
// name); in an option, its fixed choices or the bot's (by what is typed of them). Each
// entry knows what picking it does, and whether Enter picks it (a command or a choice
// already typed whole is sent instead).
let selected = 0;
let suggestions = [];
// Whether the member moved through the list with the arrows since they last typed: Enter
// then picks what they moved to, even where it would otherwise send.
let moved = false;
// What the box held when Escape closed the list: it stays closed until they type on.
let dismissed = null;
function renderSuggestions() {
  const text = $("command").value;
  const matches = matchingCommands(text).filter((c) => !text.slice(1).startsWith(c.name + " "));
  const place = matches.length ? null : caretPlace();
  let entries = matches.length
    ? matches.map((c) => ({
      html: `<span class="name">/${escapeHtml(c.name)}</span><span class="description">${escapeHtml(c.description)}</span>`,
      pick: () => complete(c.name),
      onEnter: !text.slice(1).startsWith(c.name),
    }))
    : optionEntries(place);
  if (text === dismissed) entries = [];
  const list = $("suggestions");
  list.hidden = entries.length === 0;
  selected = Math.min(selected, Math.max(entries.length - 1, 0));
  list.innerHTML = entries.map((e, i) => `<li data-suggestion="${i}" class="${e.choice ? "choice" : ""} ${i === selected ? "selected" : ""}">
    ${e.html}</li>`).join("");
  $("option-hint").textContent = optionHint(text, place);
  suggestions = entries;
  return entries;
}

function optionEntries(place) {
  if (!place) return [];
  if (place.naming) {
    const typed = place.word.toLowerCase();
    return place.command.options
      .filter((o) => !place.given.has(o.name) && o.name.toLowerCase().startsWith(typed))
      .map((o) => ({
        html: `<span class="name">${escapeHtml(o.name)}</span><span class="description">${escapeHtml(o.description || "")}</span>`,
        pick: () => pickOption(o),
        // Right after a space, Enter sends the command; a name begun is finished.
        onEnter: typed !== "" || moved,
      }));
  }
  const at = place.at;
  if (at.option.autocomplete) {
    return shownChoices().map((choice) => ({
      html: `<span class="name">${escapeHtml(choice.name)}</span>`,
      pick: () => pickChoice(choice),
      onEnter: true,
      choice: true,
    }));
  }
  if (!at.option.choices) return [];
  const typed = unquoted(at.typed).toLowerCase();
  const whole = isChoice(at.option, at.command, at.typed);
  return at.option.choices
    .filter((c) => c.name.toLowerCase().includes(typed) || String(c.value) === at.typed)
    .slice(0, MOST_CHOICES)
    .map((choice) => ({
      html: `<span class="name">${escapeHtml(choice.name)}</span>`,
      pick: () => pickChoice(choice),
      onEnter: !whole || moved,
      choice: true,
    }));
}

// Discord lists at most 25 choices.
const MOST_CHOICES = 25;

// Under the box: the option being typed, what it is for; otherwise the command's options
// and what each takes (choices are in the list, not here).
function optionHint(text, place) {
  if (place && place.at) {
    const option = place.at.option;
    const takes = option.choices || option.autocomplete ? "" : ` (${typeName(option)})`;
    return `${option.name}: ${option.description || ""}${takes}`;
  }
  const chosen = myCommands().find((c) => text.slice(1).startsWith(c.name + " ") || text.slice(1) === c.name);
  return chosen && chosen.options.length
    ? "Options: " + chosen.options.map((o) => `${o.name}:${o.choices ? "…" : typeName(o)}`).join("  ")
    : "";
}

// Where the caret is in a command typed whole: in an option's text (``at``), or where an
// option's name goes (``naming``): after the command, or after an option whose value is
// whole, with the word begun there and the options given already.
function caretPlace() {
  const box = $("command");
  const text = box.value;
  const command = myCommands().find((c) => text.startsWith(`/${c.name} `));
  if (!command || box.selectionStart !== box.selectionEnd) return null;
  const before = text.slice(0, box.selectionStart);
  const word = /\S*$/.exec(before)[0];
  const at = optionAtCaret();
  if (at) {
    const wordAt = box.selectionStart - word.length;
    const valueBefore = text.slice(at.start, Math.max(wordAt, at.start)).trim();
    if (wordAt < at.start || !valueBefore || !isWhole(at, valueBefore)) return { command, at, word };
  }
  const given = new Set(optionStarts(command, text).map((s) => s.name));
  return { command, naming: true, word, given };
}

// Whether an option's text is a value of its own, so that what follows is another option.
function isWhole(at, value) {
  if (at.option.autocomplete) return picked({ ...at, typed: value });
  if (at.option.choices) return isChoice(at.option, at.command, value);
  return true;
}

function isChoice(option, command, typed) {
  return option.choices.some((c) => asTyped(c.name, command) === typed || String(c.value) === typed);
}

// An option's text as the command is read: without the quotes a name may need.
function unquoted(typed) {
  const quoted = /^"((?:[^"\\]|\\.)*)"?$/.exec(typed);
  return quoted ? quoted[1].replace(/\\(.)/g, "$1") : typed;
}

// Picking an option puts its name in the box, ready for its value.
function pickOption(option) {
  const box = $("command");
  const caret = box.selectionStart;
  const place = caretPlace();
  const start = caret - (place ? place.word.length : 0);
  box.value = `${box.value.slice(0, start)}${option.name}:${box.value.slice(caret)}`;
  const after = start + option.name.length + 1;
  box.focus();
  box.setSelectionRange(after, after);
  selected = 0;
  moved = false;
  followCaret();
  renderSuggestions();
}

// Where each option given in the command's text starts: its name, where the name begins
// and where its text does.
function optionStarts(command, text) {
  return [...text.matchAll(/(^|\s)([^\s:]+):/g)]
    .filter((m) => command.options.some((o) => o.name === m[2]))
    .map((m) => ({ name: m[2], at: m.index + m[1].length, text: m.index + m[0].length }));
}

// The option whose text the caret is in, as the box reads it: from after its "name:" to
// the next option's name (or the end), with the command it belongs to.
function optionAtCaret() {
  const box = $("command");
  const text = box.value;
  const command = myCommands().find((c) => text.startsWith(`/${c.name} `));
  if (!command || box.selectionStart !== box.selectionEnd) return null;
  const starts = optionStarts(command, text);
  const here = starts.filter((s) => s.text <= box.selectionStart).pop();
  if (!here) return null;
  const next = starts.find((s) => s.at > here.at);
  const end = next ? next.at : text.length;
  if (box.selectionStart > end) return null;
  return {
    command, end, start: here.text,
    option: command.options.find((o) => o.name === here.name),
    typed: text.slice(here.text, end).trim(),
  };
}

// The bot's choices, while the box holds what they were asked for and the caret is still
// in that option.
function shownChoices() {
  const at = optionAtCaret();
  const choices = state.choices;
  return choices && at && at.option.name === choices.option && $("command").value === choices.text
    ? choices.items : [];
}

// A choice's name as the box must hold it to read back whole: quoted, as the command is
// read (shell words), when it has quotes or backslashes, spacing the reading would squeeze,
// or a word that reads as an option of the command.
function asTyped(name, command) {
  const optionLike = name.split(/\s+/).some((word) => command.options.some((o) => word.startsWith(`${o.name}:`)));
  return /["'\\]|\s\s|^\s|\s$|[\t\n]/.test(name) || optionLike
    ? `"${name.replace(/["\\]/g, (c) => `\\${c}`)}"` : name;
}

// Picking a choice puts its name in the box, as Discord's box shows it; the command
// carries its value (a fixed choice's is read from its name; the bot's are sent with the
// command, ``suggested``).
function pickChoice(choice) {
  const at = optionAtCaret();
  if (!at) return;
  const box = $("command");
  const shown = asTyped(choice.name, at.command);
  const rest = box.value.slice(at.end);
  if (at.option.autocomplete) state.suggested[at.option.name] = state.choices.items;
  box.value = `${box.value.slice(0, at.start)}${shown} ${rest}`;
  const caret = at.start + shown.length + 1;
  box.focus();
  box.setSelectionRange(caret, caret);
  state.choices = null;
  selected = 0;
  moved = false;
  renderSuggestions();
}

// Whether the option holds a choice picked from the bot's, whole: nothing is left to ask.
function picked(at) {
  return (state.suggested[at.option.name] || []).some((c) => asTyped(c.name, at.command) === at.typed);
}

// Discord's client asks the bot as the member types, at most once per half second: at the
// first keystroke, and again once the typing pauses (its AUTOCOMPLETE_OPTION_DEBOUNCE_TIME,
// 500 ms, a debounce with leading and trailing calls).
const ASK_EVERY = 500;
let askTimer = null;
let askWaiting = null;
let asked = 0;
function askSoon(ask) {
  if (askTimer === null) ask();
  else askWaiting = ask;
  clearTimeout(askTimer);
  askTimer = setTimeout(() => {
    askTimer = null;
    const waiting = askWaiting;
    askWaiting = null;
    if (waiting) waiting();
  }, ASK_EVERY);
}

// Asks the bot for choices when the caret is in an option that offers them (one not
// holding a picked choice whole), as the member in the channel or DM shown; the answer
// to the newest question alone is shown.
function followCaret() {
  const at = optionAtCaret();
  const text = $("command").value;
  if (!at || !at.option.autocomplete || picked(at)) {
    askWaiting = null;
    state.choices = null;
    return;
  }
  if (state.choices && state.choices.text === text && state.choices.option === at.option.name) return;
  const question = { channel: state.channel, text, option: at.option.name, suggested: state.suggested };
  askSoon(async () => {
    const mine = ++asked;
    let answer;
    try {
      answer = await post("/api/autocomplete", question);
    } catch {
      return;  // No choices, as Discord's box has none when the bot can't be asked.
    }
    if (mine !== asked) return;
    state.choices = { text: question.text, option: question.option, items: answer.choices || [] };
    selected = 0;
    renderSuggestions();
  });
}

function typeName(option) {
  const bounded = Number.isFinite(option.min_value) && Number.isFinite(option.max_value);
  if ((option.type === 4 || option.type === 10) && bounded) return `${option.min_value}-${option.max_value}`;
  return { 3: "text", 4: "number", 5: "true|false", 6: "@member", 7: "#channel", 10: "number" }[option.type] || "value";
}

function complete(name) {
  $("command").value = `/${name} `;
  $("command").focus();
  renderSuggestions();
}

function switchUser(id) {
  setMenu(false);
  state.user = id;
  state.suggested = {};
  state.choices = null;
  localStorage.setItem("claimit-sandbox-user", id);
  renderGames();
  renderSuggestions();
  refresh();
}

function connectLive() {
  const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}/api/live`);
  socket.onopen = () => { $("live").className = "online"; refresh(); };
  socket.onmessage = () => refresh();
  socket.onclose = () => { $("live").className = "offline"; setTimeout(connectLive, 1000); };
}

document.addEventListener("click", async (event) => {
  const hidden = event.target.closest(".spoiler:not(.revealed)");
  if (hidden) {
    event.preventDefault();
    hidden.classList.add("revealed");
    return hidden.firstElementChild.removeAttribute("inert");
  }
  if (event.target.closest("#lightbox")) return closePicture();
  const picture = event.target.closest(PICTURES);
  if (picture) return openPicture(picture);
  const target = event.target.closest("[data-user], [data-voice], [data-channel], [data-command], [data-suggestion], [data-ahead], button[data-custom-id], #menu-button, #backdrop, #jump, #follow-turns");
  if (!target) return;
  event.preventDefault();
  if (target.id === "menu-button") return setMenu(!document.body.classList.contains("menu-open"));
  if (target.id === "backdrop") return setMenu(false);
  if (target.id === "jump") { state.follow = true; $("jump").hidden = true; return toBottom(); }
  if (target.id === "follow-turns") return setFollowTurns(!state.followTurns);
  if (target.dataset.user) return switchUser(target.dataset.user);
  if (target.dataset.voice) return voice(target.dataset.voice, target.dataset.voiceChannel);
  if (target.dataset.channel) return openChannel(target.dataset.channel, target.dataset.message);
  if (target.dataset.command) { setMenu(false); return complete(target.dataset.command); }
  if (target.dataset.suggestion) return suggestions[Number(target.dataset.suggestion)].pick();
  if (target.dataset.ahead) return moveClock(Number(target.dataset.ahead));
  try {
    showError("");
    await post("/api/click", { message: target.dataset.message, custom_id: target.dataset.customId });
  } catch (error) { showError(error.message); }
});

document.addEventListener("change", async (event) => {
  const menu = event.target.closest("select[data-custom-id]");
  if (!menu || !menu.value) return;
  const value = menu.value;
  // As on Discord, the menu shows its placeholder again: a pick the bot refused (not your
  // turn) can be made again, and a message that stays the same keeps no stale choice.
  menu.value = "";
  try {
    showError("");
    if (menu.dataset.users) await post("/api/select_users", { message: menu.dataset.message, custom_id: menu.dataset.customId, users: [value] });
    else await post("/api/select", { message: menu.dataset.message, custom_id: menu.dataset.customId, value });
  } catch (error) { showError(error.message); }
});

// Only scrolling up leaves the newest message: content growing below (a picture loading,
// a new message) moves nothing by itself, and the bottom is followed again once reached.
let lastTop = 0;
$("messages").addEventListener("scroll", () => {
  const box = $("messages");
  if (box.scrollHeight - box.scrollTop - box.clientHeight < 40) state.follow = true;
  else if (box.scrollTop < lastTop) state.follow = false;
  lastTop = box.scrollTop;
  // The bar comes over the bottom of the messages, where a press may be: a scroll's event
  // can come just after the press it preceded, and the bar under the release would take
  // the click. It shows once the press is let go.
  if (!pressing) $("jump").hidden = state.follow;
});

// Anything that changes the messages' height after they were placed (pictures without a
// known size, fonts, a resized window) keeps the newest message in view.
const resized = new ResizeObserver(() => { if (state.follow && !pressing) toBottom(); });
resized.observe($("messages"));
resized.observe($("message-list"));

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  setMenu(false);
  closePicture();
});

// The pictures a click shows larger, as Discord's client does: a message's, an embed's and
// thumbnails (not avatars or icons).
const PICTURES = "#messages .gallery img, #messages .attachment img, #messages .embed img.image, #messages img.thumbnail";

// The picture over the page, at its own size as far as the window allows; a click anywhere
// or Escape closes it.
function openPicture(picture) {
  const shown = $("lightbox").querySelector("img");
  shown.src = picture.src;
  shown.alt = picture.alt;
  $("lightbox").hidden = false;
}

function closePicture() {
  $("lightbox").hidden = true;
  $("lightbox").querySelector("img").removeAttribute("src");
}

$("command").addEventListener("input", () => {
  selected = 0;
  moved = false;
  dismissed = null;
  showError("");
  followCaret();
  renderSuggestions();
});
// The caret moved within the box: it may be in another option now.
$("command").addEventListener("click", () => { followCaret(); renderSuggestions(); });
$("command").addEventListener("keyup", (event) => {
  if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) { followCaret(); renderSuggestions(); }
});
$("command").addEventListener("keydown", (event) => {
  const entries = renderSuggestions();
  if (!entries.length) return;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    selected = (selected + (event.key === "ArrowDown" ? 1 : entries.length - 1)) % entries.length;
    moved = true;
    renderSuggestions();
    const chosen = $("suggestions").querySelector("li.selected");
    if (chosen) chosen.scrollIntoView({ block: "nearest" });
  } else if (event.key === "Escape") {
    // The list goes until the member types on: Enter then sends what they typed.
    dismissed = $("command").value;
    renderSuggestions();
  } else if (event.key === "Tab" || (event.key === "Enter" && entries[selected].onEnter)) {
    event.preventDefault();
    entries[selected].pick();
  }
});

$("composer").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("command").value.trim();
  if (!text) return;
  // As in Discord's box, what is sent leaves it at once: an Enter pressed again while it
  // is on its way sends nothing more. Refused, it comes back to be mended.
  const suggested = state.suggested;
  $("command").value = "";
  state.suggested = {};
  state.choices = null;
  renderSuggestions();
  try {
    // As in Discord's box: a slash starts a command, anything else is said in the channel.
    const command = text.startsWith("/");
    await post(command ? "/api/command" : "/api/message", { channel: state.channel, text, ...(command ? { suggested } : {}) });
    // As on Discord, sending brings the view to the newest message, where the answer comes.
    state.follow = true;
    toBottom();
    showError("");
  } catch (error) {
    if (!$("command").value) {
      $("command").value = text;
      state.suggested = suggested;
      renderSuggestions();
    }
    showError(error.message);
  }
});

async function start() {
  const info = await (await fetch("/api/server")).json();
  state.members = info.members;
  state.commands = info.commands;  // by locale
  state.games = info.games || [];
  state.app = info.app;
  $("server-name").textContent = info.server;
  state.home = info.channel;
  state.channel = info.channel;
  const saved = localStorage.getItem("claimit-sandbox-user");
  state.user = info.members.some((m) => m.id === saved) ? saved : info.members[0].id;
  renderGames();
  $("follow-turns").setAttribute("aria-pressed", String(state.followTurns));
  setUpActivity();
  await refresh();
  connectLive();
}

start();
