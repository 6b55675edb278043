"""The bot's answers, posts and edits, sent without discord.py making objects of
Discord's replies.

discord.py 2.7 turns every reply that holds a message into a ``discord.Message`` whether
or not anyone reads it: a first response goes with ``?with_response=1`` and its reply is
parsed into an ``InteractionCallbackResponse`` holding the message, and a post, an edit
or a follow-up returns the message Discord sent back. The bot read none of them, and
parsed 2.4 a press (its components, attachments, author), where the pressed message the
interaction carries is the one left. Here the same requests go through discord.py's own
adapters and session (its retries, its rate limits, and its ``HTTPException`` on a
refusal) and the reply stays JSON: a first response asks for no reply (Discord answers
204), and where the bot needs the message's id, it is read from the JSON.

What discord.py does besides sending matters as much and is done here too: the
interaction's response is marked made (``is_done`` and ``type``, which the next answer
reads), a message edited with a view stops updating the view it had, and a view that
listens to its presses is kept for its message (the bot's own never do:
``card_layout.Layout``)."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import discord
from discord.http import MultipartParameters, Route, handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import (
    async_context,
    interaction_message_response_params,
    interaction_response_params,
)

ORIGINAL = cast(int, "@original")
"""The message an interaction's token answers with (discord.py types message ids as
numbers; Discord's route takes this name for it)."""
CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
WITH_RESPONSE = {"with_response": "1"}
"""Asks Discord to answer a first response with what it made (its message's id)."""
EPHEMERAL_VIEW_SECONDS = 15 * 60.0
"""How long discord.py keeps listening to a view on a message for the asker alone."""

EPHEMERAL = discord.MessageFlags(ephemeral=True).value
Kind = discord.InteractionResponseType

if TYPE_CHECKING:
    from discord.state import ConnectionState


async def update(interaction: discord.Interaction, **content: Any) -> None:
    """Answers a press by editing the message pressed (``response.edit_message``)."""
    pressed = None if interaction.message is None else interaction.message.id
    view = content.get("view", MISSING)
    if view is not MISSING and pressed is not None:
        interaction._state.prevent_view_updates_for(pressed)
    params = _message_params(interaction, Kind.message_update, content)
    await _respond(interaction, Kind.message_update, params)
    _keep_listening(interaction._state, view, pressed)


async def reply(
    interaction: discord.Interaction, *, ephemeral: bool = False, **content: Any
) -> None:
    """Answers with a new message (``response.send_message``)."""
    await _reply(interaction, ephemeral, content, with_response=False)


class Made(NamedTuple):
    """A message an answer made: its id, and whether Discord shows it to the asker alone
    (as it does a public answer where the server lets the app answer its members alone)."""

    id: int
    ephemeral: bool


async def reply_made(
    interaction: discord.Interaction, *, ephemeral: bool = False, **content: Any
) -> Made:
    """Answers with a new message, as ``reply``; the message made, as Discord says."""
    answer = await _reply(interaction, ephemeral, content, with_response=True)
    made = answer["interaction"]
    return Made(int(made["response_message_id"]), bool(made.get("response_message_ephemeral")))


async def _reply(
    interaction: discord.Interaction,
    ephemeral: bool,
    content: dict[str, Any],
    *,
    with_response: bool,
) -> Any:
    if ephemeral:
        content["flags"] = discord.MessageFlags(ephemeral=True)
    params = _message_params(interaction, Kind.channel_message, content)
    answer = await _respond(interaction, Kind.channel_message, params, with_response)
    _keep_listening(interaction._state, content.get("view", MISSING), None, ephemeral)
    return answer


async def defer(
    interaction: discord.Interaction, *, ephemeral: bool = False, thinking: bool = False
) -> None:
    """Acknowledges the interaction, its answer to come (``response.defer``): a command
    shows "thinking…", to the asker alone if ``ephemeral``; a press keeps its message as it
    is, unless ``thinking`` too."""
    if interaction.type is discord.InteractionType.application_command:
        kind = Kind.deferred_channel_message
    elif interaction.type in (
        discord.InteractionType.component,
        discord.InteractionType.modal_submit,
    ):
        kind = Kind.deferred_channel_message if thinking else Kind.deferred_message_update
    else:
        return  # nothing to defer: discord.py's defer sends nothing either
    private = ephemeral and kind is Kind.deferred_channel_message
    data = {"flags": EPHEMERAL} if private else None
    await _respond(interaction, kind, interaction_response_params(kind.value, data))


async def edit_through(webhook: discord.Webhook, message_id: int, **content: Any) -> None:
    """Edits a message made through an interaction's token (``webhook``: the interaction's
    ``followup``, or one of a token kept): its response (``ORIGINAL``) or a follow-up."""
    state = _state(webhook)
    view = content.get("view", MISSING)
    with handle_message_parameters(
        previous_allowed_mentions=state.allowed_mentions, **content
    ) as params:
        await async_context.get().edit_webhook_message(
            webhook.id,
            _token(webhook),
            message_id,
            **_through(webhook, params),
            with_components=bool(view),
        )
    _keep_listening(state, view, message_id)


async def follow_up(webhook: discord.Webhook, *, ephemeral: bool = False, **content: Any) -> Made:
    """A follow-up message through an interaction's token (``webhook``, its
    ``followup``); the message made."""
    state = _state(webhook)
    view = content.get("view", MISSING)
    flags = discord.MessageFlags(ephemeral=True) if ephemeral else MISSING
    with handle_message_parameters(
        flags=flags, previous_allowed_mentions=state.allowed_mentions, **content
    ) as params:
        # Discord answers an interaction's follow-up with its message whether asked to
        # wait or not; discord.py always asks.
        sent = await async_context.get().execute_webhook(
            webhook.id,
            _token(webhook),
            **_through(webhook, params),
            wait=True,
            with_components=view is not MISSING,
        )
    assert sent is not None
    made = Made(int(sent["id"]), bool(sent.get("flags", 0) & EPHEMERAL))
    _keep_listening(state, view, made.id, ephemeral)
    return made


class Posted(NamedTuple):
    """A message the bot posted: where it went, and its id."""

    channel_id: int
    id: int


async def post(
    client: discord.Client,
    channel_id: int,
    *,
    nonce: str | None = None,
    silent: bool = False,
    **content: Any,
) -> Posted:
    """A new message in a channel (``Messageable.send``). ``silent`` notifies nobody of
    it."""
    state = client._connection
    view = content.get("view", MISSING)
    flags = discord.MessageFlags(suppress_notifications=True) if silent else MISSING
    with handle_message_parameters(
        # discord.py's own send makes up a nonce when given none.
        nonce=secrets.randbits(64) if nonce is None else nonce,
        flags=flags,
        previous_allowed_mentions=state.allowed_mentions,
        **content,
    ) as params:
        made = await client.http.send_message(channel_id, params=params)
    posted = Posted(channel_id, int(made["id"]))
    _keep_listening(state, view, posted.id)
    return posted


async def edit_message(
    client: discord.Client, channel_id: int, message_id: int, **content: Any
) -> None:
    """Edits one of the bot's messages in a channel (``PartialMessage.edit``)."""
    state = client._connection
    view = content.get("view", MISSING)
    if view is not MISSING:
        state.prevent_view_updates_for(message_id)
    # discord.py's own edit lets its default mentions through only with new words.
    mentions = state.allowed_mentions if "content" in content else None
    with handle_message_parameters(previous_allowed_mentions=mentions, **content) as params:
        await client.http.edit_message(channel_id, message_id, params=params)
    _keep_listening(state, view, message_id)


def _message_params(
    interaction: discord.Interaction, kind: Kind, content: dict[str, Any]
) -> MultipartParameters:
    return interaction_message_response_params(
        type=kind.value, previous_allowed_mentions=interaction._state.allowed_mentions, **content
    )


async def _respond(
    interaction: discord.Interaction,
    kind: Kind,
    params: MultipartParameters,
    with_response: bool = False,
) -> Any:
    """Sends the interaction's first response (``params``, of ``kind``) and marks it made;
    Discord's answer about it when ``with_response``, else nothing."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    http = interaction._state.http
    answer = await async_context.get().request(
        Route("POST", CALLBACK, webhook_id=interaction.id, webhook_token=interaction.token),
        interaction._session,
        payload=params.payload,
        multipart=params.multipart,
        files=params.files,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        params=WITH_RESPONSE if with_response else None,
    )
    response._response_type = kind
    return answer


def _keep_listening(
    state: ConnectionState[Any], view: Any, message_id: int | None, ephemeral: bool = False
) -> None:
    """Keeps a view that listens to its presses for its message, as discord.py does once
    Discord took it (one on a message for the asker alone stops after Discord's 15
    minutes, when its token does)."""
    if not view or view.is_finished() or not view.is_dispatchable():
        return
    if ephemeral and view.timeout is None:
        view.timeout = EPHEMERAL_VIEW_SECONDS
    state.store_view(view, message_id)


def _state(webhook: discord.Webhook) -> ConnectionState[Any]:
    """The client's state a webhook of an interaction's token was made with (its
    ``followup``, or ``Webhook.partial`` given the client)."""
    return cast("ConnectionState[Any]", webhook._state)


def _through(webhook: discord.Webhook, params: MultipartParameters) -> dict[str, Any]:
    """The webhook adapter's arguments sending ``params`` through ``webhook``'s session."""
    return {
        "session": webhook.session,
        "proxy": webhook.proxy,
        "proxy_auth": webhook.proxy_auth,
        "payload": params.payload,
        "multipart": params.multipart,
        "files": params.files,
    }


def _token(webhook: discord.Webhook) -> str:
    if webhook.token is None:
        raise ValueError("a message made through an interaction is edited through its token")
    return webhook.token
