-- Neovim as the editor: its own LSP client (vim.lsp.start_client, Neovim 0.7) runs `apns-lint lsp` on a bad
-- definition, receives the diagnostics, asks for the quick fix, applies the edit, writes the file and waits for the
-- diagnostics to clear. Run by .ci/neovim-lsp-test:
--   APNS_LINT=/path/to/apns-lint TARGET=/path/to/file.json nvim --headless --clean -u NONE -c 'luafile THIS'
-- Each step prints one line to stderr; the first that fails exits Neovim with status 1.

local binary = assert(os.getenv('APNS_LINT'), 'APNS_LINT is not set')
local target = assert(os.getenv('TARGET'), 'TARGET is not set')
local expected_rule = os.getenv('EXPECTED_RULE') or 'content-available-not-1'

local function say(message)
  io.stderr:write('neovim: ' .. message .. '\n')
end

local function fail(message)
  say('FAIL: ' .. message)
  vim.cmd('cquit 1')
end

-- Any error in a callback fails the run rather than leaving Neovim waiting.
local function guarded(step)
  local ok, problem = pcall(step)
  if not ok then fail(tostring(problem)) end
end

guarded(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(target))
  local bufnr = vim.api.nvim_get_current_buf()

  local client_id = vim.lsp.start_client({
    name = 'apns-lint',
    cmd = { binary, 'lsp' },
    root_dir = vim.fn.fnamemodify(target, ':p:h'),
  })
  if not client_id then return fail('the server did not start') end
  vim.lsp.buf_attach_client(bufnr, client_id)
  say('started apns-lint lsp (client ' .. client_id .. ')')

  -- 1. The server publishes the diagnostics of the opened file.
  if not vim.wait(15000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20) then
    return fail('no diagnostics within 15 s')
  end
  local diagnostics = vim.diagnostic.get(bufnr)
  local finding = diagnostics[1]
  -- The diagnostic as the server sent it (range, code, data), as Neovim 0.7's own code action request rebuilds it.
  local lsp_diagnostic = vim.lsp.diagnostic.get_line_diagnostics(bufnr, finding.lnum, {}, client_id)[1] or {}
  local code = finding.code or lsp_diagnostic.code
  say(string.format('diagnostic %s at %d:%d: %s', tostring(code), finding.lnum + 1, finding.col + 1, finding.message))
  if #diagnostics ~= 1 then return fail('expected 1 diagnostic, got ' .. #diagnostics) end
  if code ~= expected_rule then return fail('expected ' .. expected_rule .. ', got ' .. tostring(code)) end
  if finding.severity ~= vim.diagnostic.severity.ERROR then return fail('expected an error') end

  -- 2. The quick fix the server offers for it.
  local client = vim.lsp.get_client_by_id(client_id)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = lsp_diagnostic.range,
    context = { diagnostics = { lsp_diagnostic }, only = { 'quickfix' } },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 10000)
  if not responses or not responses[client_id] or responses[client_id].err then
    return fail('codeAction failed: ' .. vim.inspect(responses))
  end
  local chosen
  for _, action in ipairs(responses[client_id].result or {}) do
    if action.edit and action.isPreferred then
      chosen = action
      break
    end
  end
  if not chosen then return fail('no preferred quick fix with an edit: ' .. vim.inspect(responses[client_id].result)) end
  say('quick fix: ' .. chosen.title)

  -- 3. Neovim applies the edit itself (its client, its encoding), and writes the file.
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding or 'utf-16')
  vim.cmd('write')
  say('applied and wrote ' .. target)

  -- 4. The server, told of the change, publishes no diagnostics.
  if not vim.wait(15000, function() return #vim.diagnostic.get(bufnr) == 0 end, 20) then
    return fail('diagnostics still there after the fix: ' .. vim.inspect(vim.diagnostic.get(bufnr)))
  end
  say('diagnostics cleared')

  -- 5. shutdown and exit.
  vim.lsp.stop_client(client_id)
  if not vim.wait(10000, function() return vim.lsp.client_is_stopped(client_id) end, 20) then
    return fail('the server did not stop')
  end
  say('server stopped')
  vim.cmd('qall!')
end)
