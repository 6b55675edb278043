"use strict";
// Discord's client around the app's Activity. Each member the page acts as has their own
// viewer: an <iframe> on the Activity, which the page's server serves on this origin as
// Discord's proxy serves it (/activity/), and this page as the frame's parent, speaking
// the SDK's postMessage protocol (@discord/embedded-app-sdk 2.x, src/Discord.ts): READY
// for its HANDSHAKE, an answer with the same cmd and nonce for each command, the events
// it subscribed to. A viewer opens when the member launches or joins the Activity (a
// button's LAUNCH_ACTIVITY, or the launcher in the channel's header), stays alive while
// another member is shown, and closes when they leave the instance.
// Loaded before sandbox.js, whose state, $, post, escapeHtml, showError and setMenu it uses once
// sandbox.js's start() has set it up (setUpActivity).

const RPC = { HANDSHAKE: 0, FRAME: 1, CLOSE: 2 };
const CLOSE_NORMAL = 1000;
// The SDK's RPCCloseCodes and RPCErrorCodes this client answers with (src/Constants.ts);
// 1000 is the RPC's unknown error.
const INVALID_CLIENTID = 4000;
const INVALID_VERSION = 4004;
const UNKNOWN_ERROR = 1000;
const INVALID_COMMAND = 4002;
const INVALID_EVENT = 4004;
const PARTICIPANTS_UPDATE = "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE";
// Every event the SDK can subscribe to (its Events, READY aside): the sandbox takes each
// subscription, and sends what happens here, participants coming and going; the rest
// (voice, layout, orientation, entitlements...) never happen in the sandbox.
const EVENTS = new Set([
  "VOICE_STATE_UPDATE", "SPEAKING_START", "SPEAKING_STOP", "ACTIVITY_LAYOUT_MODE_UPDATE",
  "ORIENTATION_UPDATE", "CURRENT_USER_UPDATE", "CURRENT_GUILD_MEMBER_UPDATE", "ENTITLEMENT_CREATE",
  "THERMAL_STATE_UPDATE", PARTICIPANTS_UPDATE, "RELATIONSHIP_UPDATE", "ACTIVITY_JOIN",
  "QUEST_ENROLLMENT_STATUS_UPDATE",
]);
// Discord's client configuration, as READY tells the SDK (its mock's and the docs' values).
const CLIENT_CONFIG = { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" };
// The phone layout's width (sandbox.css): an Activity opened there is on Discord's mobile app.
const PHONE = window.matchMedia("(max-width: 720px)");
// What Discord's consent screen says each scope lets the app do; others by their name.
const SCOPE_WORDS = {
  identify: "know who you are",
  email: "know your email address",
  guilds: "know what servers you're in",
  "guilds.members.read": "read your member info in servers you're in",
};

const activity = {
  // Each member's viewer, by their id.
  viewers: new Map(),
  // How many launches there were as of the last view: only those since open anything.
  known: null,
  // The launches and instances, as the last view told them.
  now: { launched: {}, instances: {} },
};

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function member(id) {
  return state.members.find((m) => m.id === id);
}

// What the view says of the Activity. A launch by the member the page acts as, since the
// last view, opens their viewer: it was their client that launched it (another tab's, or
// one from before the page loaded, isn't this page's). A member no longer in their
// viewer's instance has left it (closed in another tab, or the instance ended), and
// Discord closes it for them. Frames that subscribed hear who is there now.
function renderActivity(view) {
  const known = activity.known;
  activity.now = view.activity;
  activity.known = view.activity.launches;
  for (const viewer of [...activity.viewers.values()]) {
    if (!participants(viewer).some((p) => p.id === viewer.member)) removeViewer(viewer);
  }
  const launch = view.activity.launched[state.viewer];
  if (launch && known !== null && launch.seq >= known) launched(state.viewer, launch);
  for (const viewer of activity.viewers.values()) tellParticipants(viewer);
  renderPane();
}

// A member runs one Activity at a time on Discord: launching it in another place leaves
// the one they were in; launching it where it runs for them already just shows it.
function launched(id, launch) {
  const current = activity.viewers.get(id);
  if (current && current.instanceId === launch.instance_id) return;
  if (current) leave(current);
  const location = launch.location;
  const viewer = {
    member: id,
    frameId: crypto.randomUUID(),
    instanceId: launch.instance_id,
    channelId: location.channel_id,
    connected: false,
    subscriptions: new Set(),
    // The participants the frame was last told of (JSON), once it subscribed.
    told: null,
    element: document.createElement("div"),
    frame: document.createElement("iframe"),
  };
  const query = new URLSearchParams({
    frame_id: viewer.frameId,
    instance_id: launch.instance_id,
    platform: PHONE.matches ? "mobile" : "desktop",
  });
  if (location.guild_id) query.set("guild_id", location.guild_id);
  query.set("channel_id", location.channel_id);
  query.set("location_id", location.id);
  viewer.element.className = "viewer";
  viewer.element.dataset.member = id;
  viewer.frame.title = `${state.app.name} (Activity)`;
  viewer.frame.src = `/activity/?${query}`;
  viewer.element.append(viewer.frame);
  $("viewers").append(viewer.element);
  activity.viewers.set(id, viewer);
}

function removeViewer(viewer) {
  viewer.element.remove();
  if (activity.viewers.get(viewer.member) === viewer) activity.viewers.delete(viewer.member);
  renderPane();
}

// The member closes the Activity: Discord takes the frame away and they leave the instance.
async function leave(viewer) {
  removeViewer(viewer);
  try {
    await post("/api/activity/leave", { user: viewer.member, instance: viewer.instanceId });
  } catch (error) { showError(error.message); }
}

// The pane shows the viewer of the member the page acts as; the others' stay alive,
// hidden, as their own Discord would keep running them.
function renderPane() {
  const shown = activity.viewers.get(state.viewer) || null;
  $("activity-pane").hidden = !shown;
  document.body.classList.toggle("activity-open", Boolean(shown));
  for (const viewer of activity.viewers.values()) viewer.element.hidden = viewer !== shown;
  if (!shown) return;
  const names = (state.view && state.view.channel_names) || {};
  const where = names[shown.channelId] ? ` · #${names[shown.channelId]}` : "";
  $("activity-title").textContent = `${state.app.name}${where}`;
}

function participants(viewer) {
  const instance = activity.now.instances[viewer.instanceId];
  return instance ? instance.participants : [];
}

function tellParticipants(viewer) {
  if (!viewer.subscriptions.has(PARTICIPANTS_UPDATE)) return;
  const now = participants(viewer);
  const json = JSON.stringify(now);
  if (json === viewer.told) return;
  viewer.told = json;
  dispatch(viewer, PARTICIPANTS_UPDATE, { participants: now });
}

function send(viewer, message) {
  // Only to the Activity's own origin: a frame that navigated elsewhere hears nothing.
  viewer.frame.contentWindow.postMessage(message, location.origin);
}

function dispatch(viewer, evt, data) {
  send(viewer, [RPC.FRAME, { cmd: "DISPATCH", evt, nonce: null, data }]);
}

window.addEventListener("message", (event) => {
  const viewer = [...activity.viewers.values()].find((v) => v.frame.contentWindow === event.source);
  // Only a viewer's own window, on the Activity's origin, speaks for it.
  if (!viewer || event.origin !== location.origin || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  if (!payload || typeof payload !== "object") return;
  if (opcode === RPC.HANDSHAKE) handshake(viewer, payload);
  else if (opcode === RPC.FRAME && viewer.connected) command(viewer, payload);
  else if (opcode === RPC.CLOSE) closedByActivity(viewer, payload);
});

// The SDK's HANDSHAKE: READY, with Discord's configuration and the member, or a CLOSE
// for a protocol version or an app this client doesn't run.
function handshake(viewer, hello) {
  if (hello.frame_id !== viewer.frameId) return;
  if (hello.v !== 1) return send(viewer, [RPC.CLOSE, { code: INVALID_VERSION, message: "Invalid Version" }]);
  if (String(hello.client_id) !== state.app.id) {
    return send(viewer, [RPC.CLOSE, { code: INVALID_CLIENTID, message: "Invalid Client ID" }]);
  }
  viewer.connected = true;
  const user = member(viewer.member).user;
  dispatch(viewer, "READY", {
    v: 1,
    config: CLIENT_CONFIG,
    user: { id: user.id, username: user.username, discriminator: user.discriminator, avatar: user.avatar },
  });
}

// The Activity asks Discord to close it: silently for CLOSE_NORMAL, otherwise saying
// its message, as Discord does (How Activities Work, "Activity Lifecycle").
function closedByActivity(viewer, close) {
  leave(viewer);
  if (close.code !== CLOSE_NORMAL) showError(`${state.app.name} closed: ${close.message || `code ${close.code}`}`);
}

const COMMANDS = {
  AUTHORIZE: authorize,
  AUTHENTICATE: authenticate,
  USER_SETTINGS_GET_LOCALE: (viewer) => ({ locale: member(viewer.member).locale }),
  GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS: (viewer) => ({ participants: participants(viewer) }),
  SUBSCRIBE: subscribe,
  UNSUBSCRIBE: unsubscribe,
  // The SDK sends every console line of the Activity's: taken, and kept nowhere.
  CAPTURE_LOG: () => null,
  ENCOURAGE_HW_ACCELERATION: () => ({ enabled: true }),
  GET_PLATFORM_BEHAVIORS: () => ({}),
  SET_CONFIG: (viewer, args) => ({ use_interactive_pip: args.use_interactive_pip === true }),
};

// Each command is answered with its cmd and nonce: its data, or an ERROR the SDK rejects
// the command's promise with.
async function command(viewer, payload) {
  const { cmd, nonce } = payload;
  if (typeof cmd !== "string" || typeof nonce !== "string") return;
  let answer;
  try {
    const handler = COMMANDS[cmd];
    if (!handler) {
      console.warn(`sandbox: the Activity sent ${cmd}, which the sandbox's Discord doesn't do`);
      throw new RpcError(INVALID_COMMAND, `Unknown command: ${cmd}`);
    }
    const data = await handler(viewer, payload.args || {}, payload);
    answer = { cmd, evt: null, nonce, data };
  } catch (error) {
    const code = error instanceof RpcError ? error.code : UNKNOWN_ERROR;
    answer = { cmd, evt: "ERROR", nonce, data: { code, message: error.message } };
  }
  // A viewer closed meanwhile has nobody left to answer.
  if (activity.viewers.get(viewer.member) === viewer) send(viewer, [RPC.FRAME, answer]);
}

// Discord asks the member first when they haven't authorized the app for these scopes
// (or the app asks again with prompt "consent"); Cancel refuses it as Discord does.
async function authorize(viewer, args) {
  const asked = {
    user: viewer.member,
    client_id: String(args.client_id ?? ""),
    scopes: Array.isArray(args.scope) ? args.scope : [],
    prompt: args.prompt,
  };
  let answer = await post("/api/activity/authorize", asked);
  if (answer.ask) {
    if (!await consent(viewer, answer.ask, asked.scopes)) throw new RpcError(answer.cancel.code, answer.cancel.message);
    answer = await post("/api/activity/authorize", { ...asked, granted: true });
  }
  if (answer.error) throw new RpcError(answer.error.code, answer.error.message);
  return { code: answer.code };
}

async function authenticate(viewer, args) {
  const answer = await post("/api/activity/authenticate", { user: viewer.member, access_token: args.access_token });
  if (answer.error) throw new RpcError(answer.error.code, answer.error.message);
  return answer.data;
}

function subscribe(viewer, args, payload) {
  if (!EVENTS.has(payload.evt)) throw new RpcError(INVALID_EVENT, `Invalid event: ${payload.evt}`);
  viewer.subscriptions.add(payload.evt);
  // Only what changes from now on is told: the SDK asks for the participants themselves.
  if (payload.evt === PARTICIPANTS_UPDATE) viewer.told = JSON.stringify(participants(viewer));
  return { evt: payload.evt };
}

function unsubscribe(viewer, args, payload) {
  if (!EVENTS.has(payload.evt)) throw new RpcError(INVALID_EVENT, `Invalid event: ${payload.evt}`);
  viewer.subscriptions.delete(payload.evt);
  return { evt: payload.evt };
}

// Discord's consent screen, over the member's own viewer: what the app wants to do, and
// whether they let it.
function consent(viewer, app, scopes) {
  return new Promise((resolve) => {
    const box = document.createElement("div");
    box.className = "consent";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", `Authorize ${app.name}`);
    const wants = scopes.map((s) => `<li>${escapeHtml(SCOPE_WORDS[s] || s)} (<code>${escapeHtml(s)}</code>)</li>`).join("");
    box.innerHTML = `<div class="consent-card">
      <p><b>${escapeHtml(app.name)}</b> wants to:</p><ul>${wants}</ul>
      <div class="consent-buttons"><button type="button" class="cancel">Cancel</button>
        <button type="button" class="authorize">Authorize</button></div></div>`;
    const answer = (granted) => { box.remove(); resolve(granted); };
    box.querySelector(".cancel").addEventListener("click", () => answer(false));
    box.querySelector(".authorize").addEventListener("click", () => answer(true));
    viewer.element.append(box);
    box.querySelector(".authorize").focus();
  });
}

// The pane's buttons, the app launcher in the channel's header (the app's Entry Point
// command, which Discord handles itself), and leaving every Activity with the page: a
// member whose Discord closes leaves the Activity they were in.
function setUpActivity() {
  // On a phone the pane covers the channel: the members are still a menu away.
  $("activity-menu").addEventListener("click", () => setMenu(true));
  $("activity-close").addEventListener("click", () => {
    const viewer = activity.viewers.get(state.viewer);
    if (viewer) leave(viewer);
  });
  $("launch-activity").addEventListener("click", async () => {
    try {
      showError("");
      await post("/api/activity/launch", { channel: state.channel });
    } catch (error) { showError(error.message); }
  });
  window.addEventListener("pagehide", () => {
    for (const viewer of activity.viewers.values()) {
      fetch("/api/activity/leave", {
        method: "POST",
        keepalive: true,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ user: viewer.member, instance: viewer.instanceId }),
      });
    }
  });
}
